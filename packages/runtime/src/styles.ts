/**
 * Applies an extension's bundled CSS to the frame's document: `extkit build` puts
 * every stylesheet the source imports into the bundle and ends the bundle with a call
 * of this function's own text (docs/build.md, "Stylesheets"), so it refers to nothing
 * outside itself. A constructed stylesheet is CSSOM, which a frame's CSP does not
 * block as it blocks inline `<style>`; a `<style>` element is the fallback.
 */
export function adoptStyles(css: string): void {
  if (typeof document === 'undefined' || css === '') return;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    const style = document.createElement('style');
    style.textContent = css;
    (document.head ?? document.documentElement).appendChild(style);
  }
}
