// The emulator page's own rules, after the tool UI's shared ones (@extkit/runtime/tool-ui).
export const PAGE_STYLES = `
.left h2{font-size:14px;margin:0 0 10px}
.kinds{display:flex;flex-wrap:wrap;gap:6px;margin:0 0 12px}
.kinds button[aria-pressed=true]{border-color:var(--accent);color:var(--accent);font-weight:600}
table.rows{width:100%;border-collapse:collapse;background:var(--panel);border:1px solid var(--line);border-radius:6px}
table.rows td,table.rows th{border-bottom:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top;font-size:12px}
table.rows td.id{font-family:var(--mono);white-space:nowrap}
table.rows pre{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;max-height:16em;overflow:auto;font-size:11px}
tr.deleted td{opacity:.55}
.pager{display:flex;gap:8px;align-items:center;margin:10px 0}
.controls section{border-bottom:1px solid var(--line);padding:0 0 10px;margin:0 0 10px}
.controls textarea{min-height:9em}
.answer{background:#f1f3f5;padding:6px 8px;border-radius:4px;white-space:pre-wrap;overflow-wrap:anywhere;max-height:18em;overflow:auto}
.answer.err{background:#fff5f5;color:var(--err)}
.answer:empty{display:none}
.controls form.inline input{min-width:0}
.row{display:flex;gap:6px;align-items:center;margin:6px 0}.row>input,.row>select{flex:1;min-width:0}
`;
