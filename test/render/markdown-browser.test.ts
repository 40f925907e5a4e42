import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { sanitizeMarkdown } from 'mcpdesc-core/internal/render/markdown-safe.js';
import { renderMarkdown } from 'mcpdesc-core/internal/render/markdown.js';
import { chromiumLaunch, chromiumSkip } from './chromium.js';
import { documentWith, generatedHostileTexts, hostileMarkdownTexts } from './hostile-markdown.js';
import { renderers } from './markdown-renderers.js';

// Issue 15, finding 13: the Markdown output rendered by commonmark.js and by markdown-it with raw
// HTML enabled, loaded into Chromium: no element, attribute or script from document text comes alive.

let browser: Browser;
before(async () => {
  if (!chromiumSkip) browser = await chromiumLaunch();
});
after(async () => {
  await browser?.close();
});

const corpus = [...hostileMarkdownTexts, ...generatedHostileTexts(400)];

/** Elements no Markdown syntax makes: any of them in the page came from the text. */
const rawOnly =
  'img, script, iframe, frame, svg, math, object, embed, style, link, meta, base, form, input, textarea, button, select, video, audio, source, details, div, span';

interface Outcome {
  pwned: string;
  errors: string[];
  rawElements: string[];
  handlers: string[];
  unsafeLinks: string[];
}

/** Our own script in the head (the only one allowed): it records every error a payload could cause. */
const errorHook = 'window.__errors = []; window.onerror = (message) => { window.__errors.push(String(message)); };';

/** Loads rendered HTML into a fresh page, fires the events a handler could listen to, and reports what came alive. */
async function load(html: string): Promise<Outcome> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent(
    `<!DOCTYPE html><html><head><title>rendered</title><script>${errorHook}</script></head><body>${html}</body></html>`,
    {
      waitUntil: 'load',
    },
  );
  await page.evaluate(
    `for (const el of document.body.querySelectorAll('*')) for (const type of ['mouseover', 'focus', 'load', 'error', 'click']) el.dispatchEvent(new Event(type));`,
  );
  await page.waitForTimeout(100);
  const outcome = (await page.evaluate(`({
    pwned: typeof window.__pwned === 'undefined' ? '' : String(window.__pwned),
    errors: window.__errors,
    rawElements: [...document.body.querySelectorAll(${JSON.stringify(rawOnly)})].map((e) => e.outerHTML.slice(0, 120)),
    handlers: [...document.body.querySelectorAll('*')].flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => e.tagName + ' ' + a.name)),
    unsafeLinks: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')).filter((h) => !/^(https?:\\/\\/|mailto:|#)/i.test(h)),
  })`)) as Outcome;
  await context.close();
  return outcome;
}

const inert: Outcome = { pwned: '', errors: [], rawElements: [], handlers: [], unsafeLinks: [] };

test(
  'Markdown in a browser: the harness sees a payload run when the text is not escaped',
  { skip: chromiumSkip, timeout: 120_000 },
  async () => {
    for (const { name, render } of renderers) {
      const outcome = await load(
        render(`${hostileMarkdownTexts[0]!.slice(2, -1)}\n\n<script>window.__ran = 1</script>`),
      );
      assert.notEqual(outcome.pwned, '', `${name}: the unescaped <img onerror> ran`);
      assert.ok(outcome.rawElements.length >= 2, name);
    }
  },
);

test(
  'Markdown in a browser: hostile descriptions rendered by commonmark.js and markdown-it stay inert',
  { skip: chromiumSkip, timeout: 300_000 },
  async () => {
    for (const { name, render } of renderers) {
      const descriptions = corpus.map(
        (text, i) => `<section id="case-${i}">${render(sanitizeMarkdown(text))}</section>`,
      );
      assert.deepEqual(await load(descriptions.join('\n')), inert, `${name}: descriptions`);
      const pages = corpus.slice(0, 150).map((text) => render(renderMarkdown(documentWith(text))));
      assert.deepEqual(await load(pages.join('\n<hr>\n')), inert, `${name}: whole pages`);
    }
  },
);
