// The host page's stylesheet: a quiet, dense tool UI that leaves the colour to the
// extension; the stand-in fills the height of the window, and narrow screens stack. The
// tokens and the tool UI's rules are shared with the emulator's page (@extkit/runtime/tool-ui).
import { TOOL_UI_STYLES } from '@extkit/runtime/tool-ui';

export const STYLES = `
${TOOL_UI_STYLES}
.overlay{position:sticky;top:0;z-index:5;margin-bottom:14px;background:#fff5f5;border:1px solid #ffc9c9;border-left:4px solid var(--err);border-radius:6px;padding:10px 14px;box-shadow:0 6px 20px rgba(201,42,42,.12)}
.overlay-head{display:flex;justify-content:space-between;align-items:center;color:var(--err)}
.overlay pre.frame{background:#1d2330;color:#e8ebf2}
.blocked{background:#fff;border:1px dashed #adb5bd;border-radius:8px;padding:18px;font-size:14px;max-width:760px}
.blocked code{display:block;margin-top:8px}
.stage{flex:1 0 auto;display:flex;flex-direction:column;gap:18px}
.standin{flex:1 0 auto;display:flex;flex-direction:column;background:#fff;border:1px solid var(--line);border-radius:10px;overflow:hidden;box-shadow:0 1px 3px rgba(0,0,0,.05)}
.standin-bar{display:flex;align-items:center;gap:10px;background:#eef0f3;padding:6px 10px;border-bottom:1px solid var(--line)}
.dots{width:42px;height:10px;background:radial-gradient(circle,#ff6b6b 4px,transparent 5px) 0 0/14px 10px repeat-x;opacity:.7}
.address{font-family:var(--mono);font-size:12px;color:var(--muted);background:#fff;border-radius:5px;padding:2px 10px;flex:1}
.site-page{flex:1;padding:14px 18px;display:flex;flex-direction:column}
.site-header{display:flex;flex-wrap:wrap;gap:4px 12px;justify-content:space-between;border-bottom:1px solid var(--line);padding-bottom:10px;margin-bottom:12px;color:var(--muted)}
.site-header b{color:var(--text)}
.console-body{flex:1;display:flex;min-height:200px}
.console-nav{width:180px;background:#1f2533;color:#c8cfdd;padding:12px;display:flex;flex-direction:column;gap:6px;font-size:12px}
.console-nav b{color:#fff}.console-nav a{color:#9db4ff;text-decoration:none;font-family:var(--mono)}
.console-main{flex:1;padding:14px;background:#fafbfc}
.surface{border:1px dashed #b8c2d6;border-radius:6px;margin:0 0 14px;background:#fff}
.surface header{display:flex;align-items:center;flex-wrap:wrap;gap:4px 8px;padding:4px 8px;border-bottom:1px dashed #d5dbe6;font-size:12px}
.surface .kind{text-transform:uppercase;font-size:10px;letter-spacing:.06em;color:var(--accent);font-weight:700}
.surface .id{font-family:var(--mono);flex:1;overflow-wrap:anywhere}
.surface-error{font-family:var(--mono);font-size:12px;color:var(--err);background:#fff5f5;padding:6px 8px;border-bottom:1px dashed #ffc9c9;white-space:pre-wrap}
.status{font-size:11px}.status.ok{color:var(--ok)}.status.loading{color:var(--muted)}.status.error{color:var(--err)}
.status.ok:before{content:"● "}
iframe{display:block;width:100%;border:0;background:#fff}
.surface-error .reload{margin-left:6px;font-family:system-ui,sans-serif}
.blocked{margin:0}
/* Narrow screens: the stand-in above, the panels below, one page that scrolls. */
@media (max-width:760px){
body{height:auto;min-height:100vh;overflow:auto}
main{flex-direction:column}
.left{overflow:visible;padding:10px;min-height:60vh}
aside{width:auto;border-left:0;border-top:1px solid var(--line)}
.console-body{flex-direction:column}
.console-nav{width:auto;flex-direction:row;flex-wrap:wrap;gap:4px 12px}
.console-main{padding:10px}
.site-page{padding:10px 12px}
.address{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;min-width:0}
}
`;
