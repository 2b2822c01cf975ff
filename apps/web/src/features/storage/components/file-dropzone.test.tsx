// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { storageLocales } from '@water/contract/texts/storage';
import { App } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { FileDropzone } from './file-dropzone.tsx';

addPageTexts('storage', storageLocales);

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  document.body.innerHTML = '';
});

function drop(names: string[]) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: names.map((name) => new File(['x'], name, { type: 'text/plain' })) } });
}

/** The names in the upload list, leaving those on their way out (antd animates a removed item). */
function listed(): (string | null | undefined)[] {
  return [...document.querySelectorAll('.ant-upload-list-item-container')]
    .filter((item) => !item.className.includes('leave'))
    .map((item) => item.querySelector('.ant-upload-list-item-name')?.textContent);
}

describe('FileDropzone', () => {
  it('keeps finished uploads listed until the next drop, so the table below never moves under the pointer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    apiClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      const name = ((config.data as FormData).get('file') as File).name;
      return { data: { id: 1, name }, status: 200, statusText: 'OK', headers: {}, config };
    };
    render(
      <App>
        <FileDropzone />
      </App>,
    );
    drop(['first.txt']);
    await waitFor(() => expect(screen.getByText('“first.txt” uploaded')).toBeTruthy());
    // Long after the upload, it is still in the list.
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(listed()).toEqual(['first.txt']);

    // The next files take its place.
    drop(['second.txt']);
    await waitFor(() => expect(screen.getByText('“second.txt” uploaded')).toBeTruthy());
    expect(listed()).toEqual(['second.txt']);
  });
});
