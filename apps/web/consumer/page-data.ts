import type { PublicMachine } from '@water/contract/public-machines';
import type { ConsumerPageTexts } from '@water/contract/texts/consumer-page';

/** What the server drew the page from, handed to the script in the page (`#page-data`). */
export interface PageData {
  machine: PublicMachine;
  language: 'zh' | 'en';
  texts: ConsumerPageTexts;
}

export function readPageData(): PageData | undefined {
  const element = document.getElementById('page-data');
  return element?.textContent ? (JSON.parse(element.textContent) as PageData) : undefined;
}
