import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestReceipt as ReceiptLine } from '@workers/request-protocol';
import { fileRequestResources } from './file-request.locales';
import { RequestReceipt } from './request-file-list';
import type { ReceiptHashes, RequestFile } from './use-request-uploads';

const HASH = 'a'.repeat(64);
const line = (fileId: string, filename: string, sha256?: string): ReceiptLine => ({
  fileId,
  filename,
  size: 2048,
  mimetype: 'application/octet-stream',
  committedAt: '2026-11-29T11:00:00Z',
  ...(sha256 === undefined ? {} : { sha256 }),
});
const done = (name: string): RequestFile => ({
  id: name,
  file: new File(['x'], name),
  status: 'done',
  percent: 100,
  resumed: false,
});

function renderReceipt(lng: 'en' | 'zh', receipts: ReceiptLine[], hashing: ReceiptHashes, files: RequestFile[] = []) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    resources: { en: { translation: fileRequestResources.en }, zh: { translation: fileRequestResources.zh } },
    initAsync: false,
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <RequestReceipt files={files} receipts={receipts} hashing={hashing} />
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('the receipt', () => {
  const receipts = [
    line('f1', 'hashed.bin', HASH),
    line('f2', 'computing.bin'),
    line('f3', 'failed.bin'),
    line('f4', 'reloaded.bin'),
  ];
  const hashing: ReceiptHashes = { f2: { percent: 42 }, f3: { failed: 'the file could not be read' } };
  const hashOf = (name: string) => {
    const item = screen.getAllByRole('listitem').find((li) => within(li).queryByText(name) !== null);
    if (item === undefined) throw new Error(`no line for ${name}`);
    return item.querySelector('[data-hash]');
  };

  it('shows each SHA-256 once it is known, how far the computing is, or why it is missing', () => {
    renderReceipt('en', receipts, hashing, [done('hashed.bin')]);
    expect(screen.getByRole('region', { name: 'Receipt' })).toHaveTextContent('4 files arrived.');
    expect(hashOf('hashed.bin')).toHaveTextContent(`SHA-256 ${HASH}`);
    expect(hashOf('hashed.bin')).toHaveAttribute('data-hash', 'hashed');
    expect(hashOf('computing.bin')).toHaveTextContent('SHA-256 computing… 42 %');
    expect(hashOf('computing.bin')).toHaveAttribute('aria-live', 'polite');
    expect(hashOf('failed.bin')).toHaveTextContent('SHA-256 could not be computed: the file could not be read');
    expect(hashOf('reloaded.bin')).toHaveTextContent('SHA-256 not computed: this page was closed before it finished.');
  });

  it('says the same in Chinese', () => {
    renderReceipt('zh', receipts, hashing);
    expect(hashOf('computing.bin')).toHaveTextContent('SHA-256 计算中… 42 %');
    expect(hashOf('failed.bin')).toHaveTextContent('SHA-256 无法计算：the file could not be read');
    expect(hashOf('reloaded.bin')).toHaveTextContent('SHA-256 未计算：计算完成前此页面已关闭。');
  });

  it('waits until no file is being sent any more', () => {
    renderReceipt('en', receipts, hashing, [{ ...done('more.bin'), status: 'uploading', percent: 10 }]);
    expect(screen.queryByRole('region', { name: 'Receipt' })).toBeNull();
  });
});
