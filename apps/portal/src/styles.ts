/**
 * The portal's one small style sheet (inlined in each page's <head>: no extra request before the first paint).
 * Phone first; the theme's colours come in as --primary / --on-primary / --secondary. Colours keep 4.5:1.
 */
export const PORTAL_CSS = `
*,*::before,*::after{box-sizing:border-box}
:root{--primary:#1f4e79;--on-primary:#fff;--secondary:#ff8f00;--text:#1b1b1b;--muted:#4a4a4a;--bg:#fff;--soft:#f3f5f7;--line:#c9ced6;--link:#0b4f9c;--focus:#ffbf47}
html{font-size:100%;-webkit-text-size-adjust:100%}
body{margin:0;font:1rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;color:var(--text);background:var(--bg)}
.wrap{max-width:72rem;margin:0 auto;padding:0 1rem}
a{color:var(--link)}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px;box-shadow:0 0 0 5px #000}
img{max-width:100%;height:auto}
h1{font-size:1.6rem;line-height:1.25;margin:1rem 0 .5rem}
h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
h3{font-size:1.05rem;margin:.25rem 0}
.card .card-title{margin-top:0}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.skip{position:absolute;left:0;top:0;z-index:10}
.skip a{position:absolute;left:-999px;background:#000;color:#fff;padding:.5rem 1rem;white-space:nowrap}
.skip a:focus{left:0}
.a11y-bar{background:#222;color:#fff;font-size:.875rem}
.a11y-bar .wrap{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;justify-content:flex-end;padding-top:.25rem;padding-bottom:.25rem}
.a11y-bar a{color:#fff}
.a11y-bar button{font:inherit;background:transparent;color:#fff;border:1px solid #bbb;border-radius:4px;padding:.3rem .6rem;min-height:2.25rem;min-width:2.25rem;cursor:pointer}
.a11y-bar button[aria-pressed=true]{background:#fff;color:#000}
.a11y-bar button:disabled{opacity:.6;cursor:default}
.font-size{display:inline-flex;gap:.25rem}
.top{background:var(--primary);color:var(--on-primary)}
.top-row{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:space-between;padding-top:.75rem;padding-bottom:.75rem}
.brand{display:flex;gap:.75rem;align-items:center;color:inherit;text-decoration:none;font-weight:700;font-size:1.15rem}
.top .brand{color:var(--on-primary)}
.brand img{width:3rem;height:3rem;object-fit:contain}
.search{display:flex;flex:1 1 16rem;max-width:28rem}
.search input{flex:1;min-width:0;font:inherit;padding:.55rem .7rem;border:2px solid #fff;border-radius:4px 0 0 4px}
.search button,.filters button{font:inherit;font-weight:600;padding:.55rem 1rem;border:2px solid #fff;border-radius:0 4px 4px 0;background:#1b1b1b;color:#fff;cursor:pointer;min-height:2.75rem}
.menu{background:var(--soft);border-bottom:1px solid var(--line)}
.menu-box>summary{cursor:pointer;padding:.75rem 0;font-weight:700;min-height:2.75rem}
.menu-list{list-style:none;margin:0;padding:0 0 1rem;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr))}
.menu-list ul{list-style:none;margin:.25rem 0 0;padding:0}
.menu-list li{padding:.15rem 0}
.menu-list a{display:inline-block;padding:.2rem 0}
.menu-group{font-weight:700}
main{padding-bottom:2rem}
main:focus{outline:none}
.crumbs ol{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem;padding:0;margin:1rem 0 0;font-size:.9rem}
.crumbs li+li::before{content:"›";margin-right:.25rem;color:var(--muted)}
.meta{color:var(--muted);font-size:.9rem}
.cards{list-style:none;margin:0;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr))}
.cards.list{grid-template-columns:1fr}
.card{border:1px solid var(--line);border-radius:6px;padding:1rem;background:#fff}
.card p{margin:.35rem 0}
.card-img{width:100%;aspect-ratio:16/9;object-fit:cover;border-radius:4px;margin-bottom:.5rem}
.facts{display:grid;gap:.35rem 1rem;margin:.5rem 0 0}
.facts div{display:grid;grid-template-columns:minmax(7rem,12rem) 1fr;gap:.5rem}
.facts dt{font-weight:600}
.facts dd{margin:0;overflow-wrap:anywhere}
.facts.detail div.long{grid-template-columns:1fr}
.facts.detail div.long dd p{margin:.25rem 0}
.banners{display:grid;gap:1rem;margin-top:1rem}
.banner{display:grid;border-radius:6px;overflow:hidden;background:var(--primary);color:var(--on-primary);text-decoration:none}
.banner img{width:100%;max-height:18rem;object-fit:cover}
.banner-text{padding:1rem}
.quick-list{list-style:none;padding:0;margin:0;display:grid;gap:.5rem;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr))}
.quick-list a{display:block;padding:.75rem;border:2px solid var(--primary);border-radius:6px;font-weight:600;text-decoration:none;color:var(--text);min-height:2.75rem}
.filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end;background:var(--soft);padding:1rem;border-radius:6px;margin:1rem 0}
.field{display:flex;flex-direction:column;gap:.25rem}
.field label{font-weight:600}
.field input,.field select{font:inherit;padding:.5rem;border:1px solid #6b6b6b;border-radius:4px;min-height:2.75rem;background:#fff;color:var(--text)}
.filters button{border-radius:4px;border-color:#1b1b1b}
.pager{display:flex;gap:1rem;align-items:center;margin:1rem 0}
.hero{width:100%;max-height:24rem;object-fit:cover;border-radius:6px}
.lead{font-size:1.1rem}
.files,.plain{padding-left:1.25rem}
.files li,.plain li{margin:.4rem 0}
.steps li{margin:.75rem 0}
.leaders{list-style:none;padding-left:0}.leaders>li{margin:.9rem 0;overflow-wrap:anywhere}.leaders h4{margin:0 0 .2rem;font-size:1.05rem}.leaders p{margin:.2rem 0}.leaders ul{margin:.2rem 0;padding-left:1.25rem}
.photos{list-style:none;padding:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr))}
.photos img{width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:4px}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{border:1px solid var(--line);padding:.4rem;text-align:left;vertical-align:top}
code{font-size:.9em}
.sitemap ul{margin:.25rem 0 .5rem}
.foot{background:#1b1b1b;color:#fff;margin-top:2rem;padding:1.5rem 0}
.foot a{color:#fff}
.foot h2{font-size:1.05rem;margin:.5rem 0}
.foot-grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr))}
.index-page .brand{color:var(--text)}
.citizen-form{display:grid;gap:1rem;max-width:40rem;margin:1rem 0}
.citizen-form fieldset{border:1px solid var(--line);border-radius:6px;padding:.75rem 1rem;display:grid;gap:.5rem}
.citizen-form legend{font-weight:700;padding:0 .25rem}
.field textarea{font:inherit;padding:.5rem;border:1px solid #6b6b6b;border-radius:4px;background:#fff;color:var(--text);width:100%}
.citizen-form .field input,.citizen-form .field select{width:100%}
.citizen-form .field input[type=file]{border:1px dashed #6b6b6b}
.choice{display:flex;gap:.5rem;align-items:flex-start;min-height:2.25rem;padding:.2rem 0}
.choice input{width:1.25rem;height:1.25rem;margin-top:.15rem;flex:none}
.citizen-form .choice input{width:1.25rem;height:1.25rem;min-height:0;padding:0}
.hint{color:var(--muted);font-size:.9rem}
.error{color:#b00020;font-weight:600}
.has-error input,.has-error textarea,.has-error select{border:2px solid #b00020}
fieldset.has-error{border:2px solid #b00020}
.error-summary{border:3px solid #b00020;border-radius:6px;padding:.75rem 1rem}
.error-summary h3{margin-top:0}
.error-summary a{color:#b00020;font-weight:600}
button.primary,.citizen-form button,.filed button{font:inherit;font-weight:600;padding:.6rem 1.2rem;border:2px solid var(--primary);border-radius:4px;background:var(--primary);color:var(--on-primary);cursor:pointer;min-height:2.75rem;justify-self:start}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.filed,.followed{border:2px solid var(--primary);border-radius:6px;padding:1rem;margin:1rem 0}
.codes{display:grid;gap:.5rem;margin:.5rem 0}
.codes div{display:grid;gap:.1rem}
.codes dt{font-weight:600}
.codes dd{margin:0;font-size:1.5rem;font-weight:700;letter-spacing:.05em;font-family:ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.timeline{padding-left:1.25rem}
.timeline li{margin:.75rem 0}
.timeline p{margin:.25rem 0;white-space:pre-wrap}
.notice:empty{display:none}
.notice{font-weight:600}
.bars{margin:1rem 0}
.bars figcaption{font-weight:700;margin-bottom:.5rem}
.bars ul{list-style:none;margin:0;padding:0;display:grid;gap:.35rem}
.bars li{display:grid;grid-template-columns:minmax(6rem,9rem) 1fr;gap:.15rem .5rem;align-items:center}
.bar-track{display:block;background:var(--soft);border:1px solid var(--line);height:1rem;border-radius:3px}
.bar{display:block;height:100%;background:var(--primary);border-radius:2px}
.bar-value{grid-column:2;font-size:.85rem;color:var(--muted)}
.table-wrap{overflow-x:auto;margin:1rem 0}
.table-wrap caption{text-align:left;font-weight:700;padding:.25rem 0}
@media (max-width:47.99rem){.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap}.stack table,.stack tbody,.stack tr{display:block}.stack tr{border:1px solid var(--line);border-radius:4px;margin:0 0 .75rem;padding:.25rem .6rem}.stack th,.stack td{display:grid;grid-template-columns:minmax(6.5rem,35%) 1fr;gap:.5rem;border:0;padding:.3rem 0}.stack th{font-weight:400}.stack th::before,.stack td::before{content:attr(data-label);font-weight:700}}
.totals div{grid-template-columns:minmax(10rem,14rem) 1fr}
@media (min-width:48rem){h1{font-size:2rem}.banners{grid-template-columns:repeat(auto-fit,minmax(20rem,1fr))}.cards.list{grid-template-columns:repeat(auto-fill,minmax(20rem,1fr))}}
html.alto-contraste{--primary:#000;--on-primary:#fff;--text:#fff;--muted:#fff;--bg:#000;--soft:#000;--line:#fff;--link:#ff0}
html.alto-contraste body,html.alto-contraste .card,html.alto-contraste .field input,html.alto-contraste .field select,html.alto-contraste .field textarea{background:#000;color:#fff}
html.alto-contraste a,html.alto-contraste .top .brand,html.alto-contraste .banner{color:#ff0}
html.alto-contraste .quick-list a{color:#ff0;border-color:#ff0}
html.alto-contraste .top,html.alto-contraste .banner{border-bottom:1px solid #fff}
html.alto-contraste img{filter:grayscale(1) contrast(1.2)}
`.replace(/\n/g, '');
