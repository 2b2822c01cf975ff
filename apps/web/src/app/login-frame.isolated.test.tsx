// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '@/features/auth/pages/login-page.tsx';
import { changeLanguage } from '@/lib/i18n.ts';
import type { Language } from '@/lib/language.ts';
import indexHtml from '../../index.html?raw';
import loginHtml from '../../login.html?raw';

// The page as it first renders: the captcha still on its way.
vi.mock('@/features/auth/api/get-captcha.ts', () => ({
  useCaptcha: () => ({ data: undefined, loading: true, failed: false, refresh: vi.fn() }),
}));

afterEach(cleanup);

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** Attributes that show; the rest (ids, labels for assistive technology, handlers) the inert frame leaves out. */
const SHOWN = ['class', 'type', 'placeholder', 'src', 'width', 'height', 'alt', 'href'];

/** Each element as a line: its tag, the attributes that show, and its own text; SVG drawings whole. */
function outline(element: Element, depth = 0): string[] {
  const pad = '  '.repeat(depth);
  if (element.tagName.toLowerCase() === 'svg') return [pad + element.outerHTML.replace(/>\s+</g, '><')];
  const attributes = SHOWN.filter((name) => element.hasAttribute(name)).map(
    (name) => ` ${name}="${element.getAttribute(name)}"`,
  );
  const lines = [`${pad}<${element.tagName.toLowerCase()}${attributes.join('')}>`];
  for (const node of element.childNodes) {
    if (node.nodeType === node.TEXT_NODE) {
      const text = node.textContent?.trim();
      if (text) lines.push(`${pad}  "${text}"`);
    } else if (node.nodeType === node.ELEMENT_NODE) {
      lines.push(...outline(node as Element, depth + 1));
    }
  }
  return lines;
}

/** login.html's frame in one language: the other language's texts out, this one's unwrapped. */
function frameIn(language: Language): Element {
  const frame = parse(loginHtml).querySelector('#root > .login-page')!.cloneNode(true) as Element;
  for (const element of frame.querySelectorAll('[data-lang]')) {
    if (element.getAttribute('data-lang') !== language) element.remove();
    else if (element.tagName === 'SPAN') element.replaceWith(...element.childNodes);
    else element.removeAttribute('data-lang');
  }
  frame.normalize();
  return frame;
}

/** Any year: the page writes the current one. */
const anyYear = (lines: string[]) => lines.map((line) => line.replace(/© \d{4} /, '© YEAR '));

describe('login.html', () => {
  it.each(['en', 'zh-CN'] as const)('draws the sign-in page as React first renders it (%s)', async (language) => {
    await changeLanguage(language);
    const { container } = render(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>,
    );
    const page = container.firstElementChild!;
    expect(anyYear(outline(frameIn(language)))).toEqual(anyYear(outline(page)));
  });

  it('is inert until then, and otherwise starts like index.html', () => {
    const login = parse(loginHtml);
    const index = parse(indexHtml);
    expect(login.querySelector('#root > .login-page')?.hasAttribute('inert')).toBe(true);
    const head = (document: Document, selector: string) =>
      [...document.head.querySelectorAll(selector)].map((element) => element.outerHTML);
    for (const selector of [
      'meta',
      'link[rel="icon"]',
      'link[rel="manifest"]',
      'link[rel="apple-touch-icon"]',
      'title',
      'script:not([type="module"])',
    ]) {
      expect(head(login, selector), selector).toEqual(head(index, selector));
    }
    expect(login.head.querySelector('style')?.textContent).toContain(index.head.querySelector('style')?.textContent);
  });
});
