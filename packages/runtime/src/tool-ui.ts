// The look of extkit's own tool pages (the preview's host page, the emulator's page): colour
// tokens and the rules of a quiet, dense tool UI, authored once. Never part of an extension.
export const TOOL_UI_STYLES = `
:root{--bg:#f6f7f9;--panel:#fff;--line:#e3e6ea;--text:#1d2330;--muted:#6b7280;--accent:#3b5bdb;--ok:#2b8a3e;--warn:#b7791f;--err:#c92a2a;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color-scheme:light}
*{box-sizing:border-box}
body{margin:0;font:13px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:var(--bg);height:100vh;display:flex;flex-direction:column;overflow:hidden}
code,pre,time{font-family:var(--mono);font-size:12px}
.top{display:flex;align-items:center;flex-wrap:wrap;gap:6px 14px;padding:8px 14px;background:#161b26;color:#e8ebf2}
.logo{font-weight:700;letter-spacing:.02em;color:#9db4ff}
.title{display:flex;align-items:center;flex-wrap:wrap;gap:4px 8px;flex:1;min-width:0}
.title .muted{color:#9aa3b5}
.pill{border:1px solid #3a4255;border-radius:99px;padding:1px 8px;font-size:12px;color:#cfd6e4;white-space:nowrap}
.switch{display:flex;align-items:center;gap:5px;font-size:12px;color:#cfd6e4;cursor:pointer;white-space:nowrap}.switch input{margin:0}
.pill.ok{border-color:#2f6b3c;color:#8fd19e}.pill.err{border-color:#8a2c2c;color:#ff9c9c}
.conn{font-size:12px;color:#9aa3b5}.conn.live:before{content:"● ";color:#51cf66}.conn.down{color:#ff8787}
main{flex:1;display:flex;min-height:0}
.left{flex:1;min-width:0;overflow:auto;padding:16px;position:relative;display:flex;flex-direction:column}
aside{width:420px;flex-shrink:0;border-left:1px solid var(--line);background:var(--panel);display:flex;flex-direction:column;min-height:0}
.tabs{display:flex;border-bottom:1px solid var(--line);padding:0 4px;overflow-x:auto;flex-shrink:0}
.tabs button{border:0;border-radius:0;background:none;padding:10px 7px;white-space:nowrap;font:inherit;color:var(--muted);cursor:pointer;border-bottom:2px solid transparent}
.tabs button[aria-selected=true]{color:var(--text);border-bottom-color:var(--accent);font-weight:600}
.count{margin-left:5px;background:#e9ecef;color:var(--text);border-radius:99px;padding:0 6px;font-size:11px}
.count.warn{background:#fff3bf;color:#8a5a00}.count.err{background:#ffe3e3;color:var(--err)}
.panel{padding:12px 14px;overflow:auto;flex:1}
h3{margin:14px 0 8px;font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted)}
h3:first-child{margin-top:2px}h3 small{text-transform:none;letter-spacing:0;font-family:var(--mono);font-weight:400}
.muted{color:var(--muted)}
.field{display:grid;grid-template-columns:minmax(72px,max-content) minmax(0,1fr);gap:10px;align-items:center;margin:6px 0}
.field>input,.field>select,.field>textarea,.field>.number{min-width:0}
.field .name{font-family:var(--mono);font-size:12px;overflow-wrap:anywhere}.field .name small{color:var(--muted)}
.field.check{grid-template-columns:max-content auto;justify-content:start}
.field.dropped .name{color:var(--warn)}.field.dropped em{display:block;font-style:normal;font-family:system-ui;font-size:11px}
input[type=text],input[type=number],select,textarea{width:100%;font:12px var(--mono);padding:5px 7px;border:1px solid var(--line);border-radius:5px;background:#fff;color:var(--text)}
input:focus,select:focus,textarea:focus{outline:2px solid #c5d0fa;border-color:var(--accent)}
.number{display:flex;flex-direction:column}.hint{color:var(--err);font-size:11px}
button{font:inherit;border:1px solid var(--line);background:#fff;border-radius:5px;padding:4px 10px;cursor:pointer}
button.ghost{border-color:transparent;background:none;color:var(--muted)}button:hover{border-color:var(--accent)}
form.inline{display:flex;gap:6px;margin:8px 0;align-items:center}form.inline input{flex:1}form.inline button{white-space:nowrap}
fieldset.binding{border:1px solid var(--line);border-radius:6px;margin:8px 0;padding:6px 10px}
legend{font-family:var(--mono);font-size:12px;padding:0 4px}
.check{display:flex;gap:6px;align-items:center;margin:4px 0}
.log-tools{display:flex;gap:6px;margin:0 0 6px}.log-tools input{flex:1;min-width:0;font:12px var(--mono);padding:5px 7px;border:1px solid var(--line);border-radius:5px}
.log-summary{margin:0 0 6px;font-size:12px}
.repeat{font-size:11px;font-weight:600;color:var(--accent);font-family:var(--mono)}
.runaway{font-size:11px;font-weight:600;color:#fff;background:var(--err);border-radius:4px;padding:0 6px}
ol.log,ol.diagnostics{list-style:none;margin:0;padding:0}
ol.log li,ol.diagnostics li{border-bottom:1px solid var(--line);padding:6px 0;display:flex;flex-wrap:wrap;gap:6px;align-items:baseline}
ol.log li{content-visibility:auto;contain-intrinsic-size:auto 44px}
ol.log pre,ol.diagnostics pre{flex-basis:100%;margin:2px 0 0;background:#f1f3f5;padding:6px 8px;border-radius:4px;overflow:auto;white-space:pre}
.fix{flex-basis:100%;font-size:12px;color:#5c4100;background:#fff9db;padding:4px 8px;border-radius:4px;font-family:var(--mono);overflow-wrap:anywhere}
.message{flex-basis:100%}
time{color:var(--muted)}
.log .surface-ref{margin-left:auto;font-size:11px;color:var(--muted);font-family:var(--mono)}
.badge{font-size:11px;border-radius:4px;padding:0 6px;font-weight:600;text-transform:uppercase;letter-spacing:.03em}
.badge.ok{background:#d3f9d8;color:var(--ok)}.badge.warn{background:#fff3bf;color:#8a5a00}.badge.err{background:#ffe3e3;color:var(--err)}
code.code{color:var(--muted)}
`;
