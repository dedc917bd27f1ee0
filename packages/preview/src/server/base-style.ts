// The plain, neutral base style the preview gives every frame, as the platform
// plausibly does for what it hosts: the system font stack, readable spacing,
// form controls that inherit the font. The platform's documents say nothing of
// this; it is the kit's own policy (docs/preview.md, "Base style"), switchable
// off in the host page to see the bare frame. The extension's own styles win.
export const BASE_STYLE = [
  ':root{color-scheme:light;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2328;background:#fff;-webkit-text-size-adjust:100%}',
  '*,*::before,*::after{box-sizing:border-box}',
  'body{margin:0;padding:16px}',
  'h1,h2,h3,h4{line-height:1.25;margin:0 0 .5em;font-weight:600}h1{font-size:1.5rem}h2{font-size:1.25rem}h3{font-size:1.1rem}h4{font-size:1rem}',
  'p,ul,ol,dl,table,form,figure{margin:0 0 .75em}',
  'a{color:#0b62d6}',
  'button,input,select,textarea{font:inherit;color:inherit}',
  'button{padding:.4em .9em;border:1px solid #c9ced6;border-radius:6px;background:#f6f7f9;cursor:pointer}button:hover{background:#eceef2}',
  'input,select,textarea{padding:.4em .6em;border:1px solid #c9ced6;border-radius:6px;background:#fff;max-width:100%}',
  'table{border-collapse:collapse}th,td{padding:.35em .6em;border-bottom:1px solid #e3e6ea;text-align:left}',
  'img,svg,video,canvas{max-width:100%;height:auto}',
].join('\n');
