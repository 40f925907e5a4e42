/** The playground page's stylesheet (inline, allowed by its hash). Light and dark, no web fonts. */
export const playgroundStyles = `:root{color-scheme:light dark;--bg:#fff;--fg:#1b1f24;--muted:#5b636e;--line:#d6dae0;--panel:#f5f7fa;--accent:#0b5cad;--error:#b3261e;--warning:#8a5a00;--info:#0b5cad;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
@media (prefers-color-scheme:dark){:root{--bg:#14171b;--fg:#e6e9ee;--muted:#9aa3ad;--line:#333a42;--panel:#1c2026;--accent:#6cb2ff;--error:#ff8a80;--warning:#ffcc66;--info:#8cc4ff}}
*{box-sizing:border-box}
html,body{height:100%;margin:0}
body{display:flex;flex-direction:column;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
header.bar{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;padding:.5rem 1rem;border-bottom:1px solid var(--line);background:var(--panel)}
header.bar h1{font-size:1rem;margin:0}
header.bar .file{font-family:var(--mono);color:var(--muted)}
header.bar .spacer{flex:1}
button,select{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:.15rem .5rem}
button:hover:not(:disabled){border-color:var(--accent)}
button:focus-visible,select:focus-visible,textarea:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
#status{color:var(--muted)}
.panes{flex:1;display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);min-height:0}
.pane{display:flex;flex-direction:column;min-height:0;border-right:1px solid var(--line)}
.editor{flex:1;display:flex;min-height:12rem;font:13px/18px var(--mono)}
#gutter{margin:0;padding:.5rem .4rem;overflow:hidden;text-align:right;color:var(--muted);background:var(--panel);border-right:1px solid var(--line);user-select:none;font:inherit;min-width:3.2em}
#editor{flex:1;margin:0;padding:.5rem;border:0;resize:none;white-space:pre;overflow:auto;background:var(--bg);color:var(--fg);font:inherit;tab-size:2}
.diagnostics{max-height:38%;overflow:auto;border-top:1px solid var(--line)}
.diagnostics h2,.tabs{font-size:.85rem;margin:0;padding:.35rem .75rem;background:var(--panel);border-bottom:1px solid var(--line)}
#diagnostics{list-style:none;margin:0;padding:0}
.diagnostic .jump{display:grid;grid-template-columns:4.5rem 4rem 1fr;gap:0 .5rem;width:100%;text-align:left;border:0;border-bottom:1px solid var(--line);border-radius:0;background:none;padding:.25rem .75rem}
.diagnostic .jump:hover:not(:disabled){background:var(--panel)}
.severity{font-weight:600}
.error .severity{color:var(--error)}
.warning .severity{color:var(--warning)}
.info .severity{color:var(--info)}
.at,.rule{font-family:var(--mono);color:var(--muted);font-size:.85em}
.rule{grid-column:3}
.more{padding:.25rem .75rem;color:var(--muted)}
.tabs{display:flex;gap:.25rem}
.tabs [role=tab][aria-selected=true]{border-color:var(--accent);font-weight:600}
[role=tabpanel]{flex:1;display:flex;flex-direction:column;min-height:0}
[role=tabpanel][hidden]{display:none}
.note{margin:0;padding:.35rem .75rem;color:var(--warning);border-bottom:1px solid var(--line)}
.note[hidden]{display:none}
#preview{flex:1;width:100%;border:0;background:#fff}
.view-bar{padding:.35rem .75rem;border-bottom:1px solid var(--line)}
#view{flex:1;margin:0;padding:.5rem .75rem;overflow:auto;font:13px/18px var(--mono)}
@media (max-width:900px){.panes{grid-template-columns:1fr;grid-auto-rows:minmax(24rem,auto)}.pane{border-right:0;border-bottom:1px solid var(--line)}}
`;
