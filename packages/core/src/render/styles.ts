/** The inline stylesheet of the HTML documentation: light/dark (prefers-color-scheme), responsive. */
export const styles = `
:root{color-scheme:light dark;--bg:#ffffff;--fg:#1a1a1a;--muted:#4d4d4d;--border:#d0d7de;--panel:#f6f8fa;--accent:#0550ae;--accent-fg:#ffffff;
--chip:#ddf4ff;--chip-fg:#0a3069;--ok:#1a7f37;--ok-bg:#dafbe1;--warn:#7d4e00;--warn-bg:#fff8c5;--bad:#a40e26;--bad-bg:#ffebe9;--code:#eff1f3;--focus:#0969da}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#b1bac4;--border:#3d444d;--panel:#161b22;--accent:#4493f8;--accent-fg:#0d1117;
--chip:#0c2d6b;--chip-fg:#cae8ff;--ok:#56d364;--ok-bg:#0f2e1a;--warn:#e3b341;--warn-bg:#2e2411;--bad:#ff7b72;--bad-bg:#3a1418;--code:#1f2428;--focus:#79c0ff}}
*{box-sizing:border-box}
html{scroll-padding-top:1rem}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.875em}
code{background:var(--code);padding:.1em .3em;border-radius:4px;overflow-wrap:anywhere}
pre{background:var(--code);padding:.75rem;border-radius:6px;overflow:auto;max-height:32rem;position:relative}
pre code{background:none;padding:0}
.skip{position:absolute;left:-999px;top:0;background:var(--accent);color:var(--accent-fg);padding:.5rem 1rem;z-index:10}
.skip:focus{left:.5rem}
.layout{display:grid;grid-template-columns:19rem minmax(0,1fr);min-height:100vh}
.sidebar{position:sticky;top:0;height:100vh;overflow:auto;border-right:1px solid var(--border);background:var(--panel);padding:1rem}
.sidebar h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);margin:1rem 0 .25rem}
.sidebar ul{list-style:none;margin:0;padding:0}
.sidebar li a{display:block;padding:.15rem .4rem;border-radius:4px;text-decoration:none;color:var(--fg);overflow-wrap:anywhere}
.sidebar li a:hover{background:var(--chip)}
.sidebar .kind{font-size:.7rem;color:var(--muted);margin-right:.35rem;font-family:ui-monospace,monospace}
.controls label{display:block;font-size:.85rem;font-weight:600;margin:.5rem 0 .2rem}
.controls input,.controls select{width:100%;padding:.4rem .5rem;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg);font:inherit}
.tag-description{font-size:.8rem;color:var(--muted);margin:0 0 .25rem}
main{padding:1.5rem 2rem;max-width:72rem}
header.server{border-bottom:1px solid var(--border);padding-bottom:1rem;margin-bottom:1rem}
h1{margin:.25rem 0;font-size:2rem}
h2{margin-top:2rem;border-bottom:1px solid var(--border);padding-bottom:.25rem}
h3{margin:0;font-size:1.25rem}
h4{margin:1.25rem 0 .5rem}
.subtitle,.muted{color:var(--muted)}
.meta{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;padding:0;list-style:none;margin:.5rem 0}
.card{border:1px solid var(--border);border-radius:8px;padding:1rem 1.25rem;margin:1rem 0;background:var(--bg)}
.card-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.5rem 1rem}
.chips{display:inline-flex;flex-wrap:wrap;gap:.3rem;margin:.25rem 0}
.chip{display:inline-block;border-radius:999px;padding:.05rem .55rem;font-size:.78rem;background:var(--chip);color:var(--chip-fg);border:1px solid transparent;white-space:nowrap}
.chip.rev::before{content:"MCP ";opacity:.8}
.chip.tag{background:var(--panel);color:var(--fg);border-color:var(--border)}
.badge{display:inline-block;border-radius:6px;padding:.1rem .5rem;font-size:.8rem;border:1px solid var(--border);margin:.15rem .3rem .15rem 0}
.badge.true{background:var(--ok-bg);color:var(--ok)}
.badge.false{background:var(--panel);color:var(--fg)}
.badge.inherited{border-style:dashed;background:var(--warn-bg);color:var(--warn)}
.badge.error,.badge.deprecated{background:var(--bad-bg);color:var(--bad)}
table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:.9rem}
th,td{border:1px solid var(--border);padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:var(--panel)}
td.name code{white-space:nowrap}
td p{margin:0 0 .25rem}
.depth{display:inline-block}
.req{color:var(--bad);font-weight:600}
.details{list-style:none;margin:0;padding:0;font-size:.85rem}
.snippet{position:relative}
.copy{position:absolute;top:.35rem;right:.35rem;font:inherit;font-size:.75rem;padding:.15rem .5rem;border-radius:4px;border:1px solid var(--border);background:var(--bg);color:var(--fg);cursor:pointer}
details{margin:.5rem 0}
summary{cursor:pointer;font-weight:600}
ol.steps>li{margin-bottom:.75rem}
.block{border-left:3px solid var(--border);padding-left:.75rem;margin:.5rem 0}
.description p{margin:.4rem 0}
pre.text{white-space:pre-wrap;overflow-wrap:anywhere}
.is-search-hidden,.is-revision-hidden{display:none !important}
mark.hit{background:#ffd33d;color:#1a1a1a;border-radius:2px}
.variant{font-size:.75rem;font-weight:400;color:var(--muted);margin-left:.35rem;white-space:nowrap}
.catalogue>summary{display:none}
.empty-note{color:var(--muted);font-style:italic}
@media (max-width:800px){.layout{display:block}.sidebar{position:static;height:auto;max-height:none;border-right:0;border-bottom:1px solid var(--border);padding:.75rem 1rem}.catalogue>summary{display:list-item;padding:.4rem 0}main{padding:1rem}table{display:block;overflow-x:auto}}
@media print{.sidebar,.copy,.controls{display:none}.layout{display:block}}
`;
