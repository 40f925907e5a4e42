/**
 * The inline script of the HTML documentation: full-text search with highlighted matches, the
 * revision switcher (Effective Protocol View: elements whose `data-revisions` exclude the chosen
 * revision are hidden), both kept in the URL fragment (`#rev=…&q=…`, restored on load and on
 * back/forward), the collapsible catalogue on narrow screens, and copy buttons. No network
 * requests, no eval, no innerHTML: it toggles classes, reads text and builds text nodes and
 * <mark> elements; the search words are matched with indexOf, never made into a pattern.
 */
export const script = `(function(){
"use strict";
var search=document.getElementById("search");
var revision=document.getElementById("revision");
var status=document.getElementById("filter-status");
var catalogue=document.getElementById("catalogue");
var entries=document.querySelectorAll("main [data-search]");
var haystacks={};
function norm(s){return (s||"").toLowerCase();}
function termsOf(q){var words=norm(q).split(/\\s+/),terms=[];for(var i=0;i<words.length&&terms.length<8;i++){if(words[i]!=="")terms.push(words[i]);}return terms;}
function haystackOf(el){
  if(haystacks[el.id]===undefined){var parts=[el.getAttribute("data-search")];var texts=el.querySelectorAll("[data-searchable]");for(var i=0;i<texts.length;i++){parts.push(texts[i].textContent);}haystacks[el.id]=norm(parts.join("\\n"));}
  return haystacks[el.id];
}
function matches(text,terms){for(var i=0;i<terms.length;i++){if(text.indexOf(terms[i])===-1)return false;}return true;}
function clearMarks(){var marks=document.querySelectorAll("mark.hit");for(var i=0;i<marks.length;i++){var m=marks[i],parent=m.parentNode;parent.replaceChild(document.createTextNode(m.textContent),m);parent.normalize();}}
function markText(node,terms){
  var text=node.nodeValue,lower=norm(text);if(lower.length!==text.length)return;
  var ranges=[];
  for(var i=0;i<terms.length;i++){for(var at=lower.indexOf(terms[i]);at!==-1;at=lower.indexOf(terms[i],at+terms[i].length)){ranges.push([at,at+terms[i].length]);}}
  if(ranges.length===0)return;
  ranges.sort(function(a,b){return a[0]-b[0];});
  var fragment=document.createDocumentFragment(),done=0,start=ranges[0][0],end=ranges[0][1];
  function flush(){if(start>done)fragment.appendChild(document.createTextNode(text.slice(done,start)));var m=document.createElement("mark");m.className="hit";m.textContent=text.slice(start,end);fragment.appendChild(m);done=end;}
  for(var k=1;k<ranges.length;k++){if(ranges[k][0]<=end){if(ranges[k][1]>end)end=ranges[k][1];}else{flush();start=ranges[k][0];end=ranges[k][1];}}
  flush();
  if(done<text.length)fragment.appendChild(document.createTextNode(text.slice(done)));
  node.parentNode.replaceChild(fragment,node);
}
function highlight(root,terms){var walker=document.createTreeWalker(root,NodeFilter.SHOW_TEXT),nodes=[];while(walker.nextNode()){nodes.push(walker.currentNode);}for(var i=0;i<nodes.length;i++){markText(nodes[i],terms);}}
function applySearch(){
  var terms=termsOf(search?search.value:"");
  clearMarks();
  var shown={};
  for(var i=0;i<entries.length;i++){
    var el=entries[i],hit=terms.length===0||matches(haystackOf(el),terms);
    el.classList.toggle("is-search-hidden",!hit);shown[el.id]=hit;
    if(hit&&terms.length>0){var texts=el.querySelectorAll("[data-searchable]");for(var j=0;j<texts.length;j++){highlight(texts[j],terms);}}
  }
  var items=document.querySelectorAll("nav [data-entry]");
  for(var n=0;n<items.length;n++){
    var item=items[n],visible=shown[item.getAttribute("data-entry")]!==false;
    item.classList.toggle("is-search-hidden",!visible);
    var name=item.querySelector(".entry-name");if(visible&&terms.length>0&&name){highlight(name,terms);}
  }
  var groups=document.querySelectorAll("[data-group]");
  for(var g=0;g<groups.length;g++){var group=groups[g];group.classList.toggle("is-search-hidden",group.querySelectorAll("li:not(.is-search-hidden):not(.is-revision-hidden)").length===0);}
  announce();
}
function applyRevision(){
  var r=revision?revision.value:"";
  var scoped=document.querySelectorAll("[data-revisions]");
  for(var i=0;i<scoped.length;i++){var el=scoped[i];el.classList.toggle("is-revision-hidden",r!==""&&el.getAttribute("data-revisions").split(" ").indexOf(r)===-1);}
  var views=document.querySelectorAll("[data-view-label]");
  for(var k=0;k<views.length;k++){views[k].textContent=r===""?"all revisions":"Effective Protocol View for MCP "+r;}
  applySearch();
}
function announce(){
  if(!status)return;
  var shown=document.querySelectorAll("main [data-search]:not(.is-search-hidden):not(.is-revision-hidden)").length;
  status.textContent=shown+" of "+entries.length+" entries shown";
}
function isStateFragment(hash){return /^#(rev|q)=/.test(hash);}
function stateFragment(){
  var parts=[];
  if(revision&&revision.value!=="")parts.push("rev="+encodeURIComponent(revision.value));
  if(search&&search.value!=="")parts.push("q="+encodeURIComponent(search.value));
  return parts.length?"#"+parts.join("&"):"";
}
function saveState(push){
  var fragment=stateFragment();
  if(fragment===location.hash||(fragment===""&&!isStateFragment(location.hash)))return;
  var url=location.href.split("#")[0]+fragment;
  try{if(push){history.pushState(null,"",url);}else{history.replaceState(null,"",url);}}catch(e){}
}
function restoreState(){
  var hash=location.hash;
  if(hash!==""&&!isStateFragment(hash))return false;
  var rev="",q="",pairs=hash.slice(1).split("&");
  for(var i=0;i<pairs.length;i++){
    var eq=pairs[i].indexOf("=");if(eq===-1)continue;
    var value;try{value=decodeURIComponent(pairs[i].slice(eq+1));}catch(e){continue;}
    var key=pairs[i].slice(0,eq);if(key==="rev")rev=value;else if(key==="q")q=value;
  }
  if(revision){var known=false;for(var j=0;j<revision.options.length;j++){if(revision.options[j].value===rev)known=true;}revision.value=known?rev:"";}
  if(search)search.value=q.slice(0,200);
  applyRevision();
  return true;
}
if(search){search.addEventListener("input",function(){applySearch();saveState(false);});}
if(revision){revision.addEventListener("change",function(){applyRevision();saveState(true);});}
window.addEventListener("popstate",restoreState);
window.addEventListener("hashchange",restoreState);
document.addEventListener("keydown",function(e){
  if(e.key==="/"&&search&&document.activeElement!==search&&!(e.target instanceof HTMLInputElement)&&!(e.target instanceof HTMLSelectElement)){e.preventDefault();if(catalogue)catalogue.open=true;search.focus();}
  else if(e.key==="Escape"&&document.activeElement===search){search.value="";applySearch();saveState(false);}
});
if(catalogue&&window.matchMedia){
  var narrow=window.matchMedia("(max-width: 800px)");
  var fit=function(){catalogue.open=!narrow.matches;};
  fit();
  if(narrow.addEventListener)narrow.addEventListener("change",fit);
  catalogue.addEventListener("click",function(e){if(narrow.matches&&e.target instanceof Element&&e.target.closest("a"))catalogue.open=false;});
}
var buttons=document.querySelectorAll("button[data-copy]");
for(var b=0;b<buttons.length;b++){buttons[b].hidden=false;buttons[b].addEventListener("click",function(ev){
  var btn=ev.currentTarget;var target=document.getElementById(btn.getAttribute("data-copy"));if(!target)return;
  var text=target.textContent||"";
  function done(ok){btn.textContent=ok?"Copied":"Copy failed";setTimeout(function(){btn.textContent="Copy";},1500);}
  if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(text).then(function(){done(true);},function(){done(false);});}
  else{var range=document.createRange();range.selectNodeContents(target);var sel=window.getSelection();sel.removeAllRanges();sel.addRange(range);done(document.execCommand("copy"));}
});}
if(!restoreState())applyRevision();
})();`;
