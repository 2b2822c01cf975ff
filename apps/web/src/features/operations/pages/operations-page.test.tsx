// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Artifact, ArtifactKind } from '@water/contract/artifacts';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { OperationsPage } from './operations-page.tsx';

const artifact = (id: number, kind: ArtifactKind, name: string, version: number): Artifact => ({
  id,
  kind,
  name,
  version,
  size: 3 * 1024 * 1024,
  sha256: `${id}`.repeat(64).slice(0, 64),
  notes: `notes of ${name} v${version}`,
  url: `/api/artifacts/${id}/file`,
  createBy: 'admin',
  createTime: '2026-11-23 09:00:00',
});

const calls: InternalAxiosRequestConfig[] = [];

function serve() {
  serveWith((config) => {
    calls.push(config);
    if (config.method === 'post') {
      const file = (config.data as FormData).get('file') as File;
      return artifact(9, 'deploy', file.name, 3);
    }
    const kind = (config.params as { kind?: ArtifactKind }).kind;
    return kind === 'database'
      ? { content: [artifact(2, 'database', 'add-index.sql', 1)], totalElements: 1 }
      : { content: [artifact(1, 'deploy', 'console.zip', 2)], totalElements: 1 };
  });
}

afterEach(() => {
  cleanUpPage();
  calls.length = 0;
});

describe('OperationsPage', () => {
  it('says nothing uploaded is run, lists each kind the user may list, and offers no upload without the permission', async () => {
    serve();
    renderPage(<OperationsPage />, ['deploy:list', 'database:list']);
    expect(screen.getByText(/never unpacks, runs or executes them/)).toBeTruthy();
    const packages = await screen.findByRole('region', { name: 'Deployment packages' });
    await within(packages).findByText('console.zip', {}, { timeout: 5000 });
    expect(within(packages).getByText('v2')).toBeTruthy();
    expect(within(packages).getByText('3.0 MB')).toBeTruthy();
    expect(within(packages).getByText('111111111111')).toBeTruthy();
    expect(within(packages).getByRole('button', { name: 'Download console.zip' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload a package' })).toBeNull();

    fireEvent.click(screen.getByText('Database scripts'));
    const scripts = await screen.findByRole('region', { name: 'Database scripts' });
    await within(scripts).findByText('add-index.sql');
    expect(calls.at(-1)?.params).toMatchObject({ kind: 'database' });
  });

  it('shows only the kind the user may list', async () => {
    serve();
    renderPage(<OperationsPage />, ['database:list']);
    await screen.findByText('add-index.sql', {}, { timeout: 5000 });
    expect(screen.queryByText('Deployment packages')).toBeNull();
    expect(calls[0]?.params).toMatchObject({ kind: 'database' });
  });

  it('uploads the chosen package with its notes, and asks for a file first', async () => {
    serve();
    renderPage(<OperationsPage />, ['deploy:list', 'deploy:add']);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload a package' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Accepted: \.zip, \.jar/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Choose a file', { selector: '.ant-form-item-explain-error' })).toBeTruthy();

    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('.zip,.jar,.gz,.tar,.7z,.rar');
    fireEvent.change(input, { target: { files: [new File(['PK'], 'console.zip', { type: 'application/zip' })] } });
    await within(dialog).findByText('console.zip');
    fireEvent.change(within(dialog).getByLabelText('Notes'), { target: { value: ' Fixes the login page ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'post')).toBe(true));
    const post = calls.find((call) => call.method === 'post') as InternalAxiosRequestConfig;
    expect(post.url).toBe('api/deploy/upload');
    expect(post.params).toEqual({ notes: 'Fixes the login page' });
    expect(((post.data as FormData).get('file') as File).name).toBe('console.zip');
    await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('Uploaded'));
  });
});
