/** A tiny element builder: the page's script draws a few forms, not worth a framework. */
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2).toLowerCase(), value as EventListener);
    } else if (name in element && name !== 'list') {
      (element as unknown as Record<string, unknown>)[name] = value;
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

/** A text with its `{{values}}` put in. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Fen as yuan with two decimals. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

/** A group of radio buttons drawn as buttons, one chosen. */
export function choices<T extends string | number>(
  name: string,
  options: readonly { value: T; label: string }[],
  chosen: T,
  onChange: (value: T) => void,
): HTMLElement {
  return h(
    'div',
    { className: 'choices', role: 'radiogroup' },
    ...options.map((option) =>
      h(
        'label',
        { className: 'choice' },
        h('input', {
          type: 'radio',
          name,
          value: String(option.value),
          checked: option.value === chosen,
          onchange: () => onChange(option.value),
        }),
        h('span', {}, option.label),
      ),
    ),
  );
}
