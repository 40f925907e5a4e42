/**
 * The inline script of the HTML documentation: search filter, revision switcher (Effective
 * Protocol View: elements whose `data-revisions` exclude the chosen revision are hidden) and copy
 * buttons. No network requests, no eval, no innerHTML: it only toggles classes and reads text.
 */
export const script = `(function(){
"use strict";
var search=document.getElementById("search");
var revision=document.getElementById("revision");
var status=document.getElementById("filter-status");
function norm(s){return (s||"").toLowerCase();}
function applySearch(){
  var q=norm(search?search.value:"").trim();
  var items=document.querySelectorAll("[data-search]");
  for(var i=0;i<items.length;i++){var el=items[i];var hit=q===""||norm(el.getAttribute("data-search")).indexOf(q)!==-1;el.classList.toggle("is-search-hidden",!hit);}
  var groups=document.querySelectorAll("[data-group]");
  for(var j=0;j<groups.length;j++){var g=groups[j];var visible=g.querySelectorAll("li:not(.is-search-hidden):not(.is-revision-hidden)").length>0;g.classList.toggle("is-search-hidden",!visible);}
  announce();
}
function applyRevision(){
  var r=revision?revision.value:"";
  var scoped=document.querySelectorAll("[data-revisions]");
  for(var i=0;i<scoped.length;i++){var el=scoped[i];var list=el.getAttribute("data-revisions").split(" ");el.classList.toggle("is-revision-hidden",r!==""&&list.indexOf(r)===-1);}
  var views=document.querySelectorAll("[data-view-label]");
  for(var k=0;k<views.length;k++){views[k].textContent=r===""?"all revisions":"Effective Protocol View for MCP "+r;}
  applySearch();
}
function announce(){
  if(!status)return;
  var shown=document.querySelectorAll("main [data-search]:not(.is-search-hidden):not(.is-revision-hidden)").length;
  var total=document.querySelectorAll("main [data-search]").length;
  status.textContent=shown+" of "+total+" entries shown";
}
if(search){search.addEventListener("input",applySearch);}
if(revision){revision.addEventListener("change",applyRevision);}
document.addEventListener("keydown",function(e){
  if(e.key==="/"&&search&&document.activeElement!==search&&!(e.target instanceof HTMLInputElement)&&!(e.target instanceof HTMLSelectElement)){e.preventDefault();search.focus();}
  else if(e.key==="Escape"&&document.activeElement===search){search.value="";applySearch();}
});
var buttons=document.querySelectorAll("button[data-copy]");
for(var b=0;b<buttons.length;b++){buttons[b].hidden=false;buttons[b].addEventListener("click",function(ev){
  var btn=ev.currentTarget;var target=document.getElementById(btn.getAttribute("data-copy"));if(!target)return;
  var text=target.textContent||"";
  function done(ok){btn.textContent=ok?"Copied":"Copy failed";setTimeout(function(){btn.textContent="Copy";},1500);}
  if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(text).then(function(){done(true);},function(){done(false);});}
  else{var range=document.createRange();range.selectNodeContents(target);var sel=window.getSelection();sel.removeAllRanges();sel.addRange(range);done(document.execCommand("copy"));}
});}
applyRevision();
})();`;
