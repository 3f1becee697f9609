/** One stylesheet: inlined in the HTML report file, served as /dashboard/assets/app.css by the dashboard. */
export const CSS = `
:root{--fg:#1b1f24;--muted:#657080;--bg:#fff;--panel:#f5f7fa;--line:#d8dee6;--pass:#1a7f37;--fail:#c62828;--warn:#9a6700;--acc:#0b5cad}
*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header.top{display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:center;padding:.6rem 1rem;background:#12263f;color:#fff}
header.top a{color:#fff;text-decoration:none}header.top .brand{font-weight:700;margin-right:auto}
main{max-width:1100px;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;margin:.2rem 0 .6rem;overflow-wrap:anywhere}h2{font-size:1.15rem;margin:1.4rem 0 .5rem}h3,h4{margin:1rem 0 .4rem}
a{color:var(--acc)}
.muted{color:var(--muted)}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:.6rem}
.card{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:.6rem .8rem}
.card .v{font-size:1.4rem;font-weight:700}.card .k{color:var(--muted);font-size:.85rem}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{border-bottom:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top;overflow-wrap:break-word}
th{background:var(--panel);font-weight:600;white-space:nowrap}
tr.o-fail td:first-child,tr.o-error td:first-child{border-left:3px solid var(--fail)}
.badge{display:inline-block;padding:0 .45rem;border-radius:999px;font-size:.78rem;font-weight:600;color:#fff;background:var(--muted);white-space:nowrap}
.b-pass,.b-ok,.b-completed{background:var(--pass)}.b-fail,.b-ko,.b-failed,.b-regression{background:var(--fail)}
.b-error,.b-invalid,.b-canceled{background:var(--warn)}.b-running,.b-queued{background:var(--acc)}
details.case{border:1px solid var(--line);border-radius:8px;margin:.5rem 0;padding:.4rem .7rem;background:var(--bg)}
details.case>summary{cursor:pointer;overflow-wrap:anywhere}
details.case.o-fail,details.case.o-error{border-left:4px solid var(--fail)}
.transcript{display:flex;flex-direction:column;gap:.35rem}
.turn{display:flex;flex-direction:column;gap:.3rem;padding:.3rem 0;border-bottom:1px dashed var(--line)}
.msg{padding:.4rem .6rem;border-radius:8px;max-width:100%;overflow-wrap:anywhere;white-space:pre-wrap}
.msg .who{display:block;font-size:.75rem;color:var(--muted);white-space:normal}
.msg.user{background:#e8f0fe;align-self:flex-start}.msg.assistant{background:var(--panel)}
.msg.error{background:#fdecea;color:var(--fail)}
.tool{font-size:.85rem;border-left:3px solid var(--acc);padding:.2rem .5rem;background:#f0f6ff}
.tool-name{font-weight:600}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:.2rem 0;font-size:.82rem}
pre.evidence{background:var(--panel);padding:.6rem;border-radius:6px;max-height:24rem;overflow:auto}
mark{background:#ffe066;padding:0 .1rem}
ul.verdicts{padding-left:1.1rem}
progress{width:100%;max-width:10rem;height:.8rem}
.row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:1rem}
.chart{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:.5rem}
.chart svg{width:100%;height:auto;display:block}
button{font:inherit;padding:.3rem .7rem;border-radius:6px;border:1px solid var(--acc);background:var(--acc);color:#fff;cursor:pointer}
button[disabled]{opacity:.5;cursor:default}
code{overflow-wrap:anywhere}
form.filters{display:flex;flex-wrap:wrap;gap:.5rem .8rem;align-items:flex-end;background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:.6rem;margin:.4rem 0}
.filter{display:flex;flex-direction:column;font-size:.8rem;color:var(--muted);min-width:0;max-width:100%}
.filter select,.filter input{font:inherit;font-size:.9rem;padding:.25rem .35rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);max-width:16rem;min-width:0}
.filter.search{flex:1 1 12rem}.filter.search input{max-width:none;width:100%}
.filter-actions{display:flex;gap:.5rem;align-items:center}
nav.pager{display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:center;margin:.6rem 0}
.why{margin:.1rem 0}
details.reason{display:inline}details.reason>summary{cursor:pointer;display:inline}details.reason>summary::after{content:' ▸ list';color:var(--acc);font-size:.8rem}details.reason[open]>summary::after{content:' ▾'}
details.reason[open]{display:block}.reason-list,.reason-full{font-size:.82rem;margin:.2rem 0;overflow-wrap:anywhere}
.reason-list code{display:inline-block;margin:0 .25rem .1rem 0;padding:0 .25rem;background:var(--panel);border-radius:4px}
.judged{font-size:.8rem;display:flex;flex-wrap:wrap;gap:.25rem;align-items:center}
.turn.judged-bad{border-left:4px solid var(--fail);padding-left:.5rem}
mark.ev{background:#ffb3b3;outline:2px solid var(--fail);border-radius:2px}
.show-sm{display:none}
.passed-counts td:first-child{overflow-wrap:anywhere}
@media (max-width:600px){main{padding:.6rem}th,td{padding:.3rem}.hide-sm{display:none}.show-sm{display:block}.filter select{max-width:100%}table.cases{table-layout:fixed}table.cases th:first-child{width:4.8rem}table.cases td{overflow-wrap:anywhere}}
`;
