import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardStats } from '@shared/api/dashboard.schema';
import { jsonBody, sentTo } from '@ui/testing/fake-requests';
import { envelope, failureResponse, renderApp, signedInAsAdmin } from '@ui/testing/render-app';

const stats: DashboardStats = {
  totalPastes: 12,
  totalFiles: 3,
  totalApiKeys: 2,
  totalStorageConfigs: 1,
  totalStorageUsed: 0,
  storage: [],
  cache: { directory: 0.5, s3Url: 0, search: 1 },
  activity: ['01', '02', '03', '04', '05', '06', '07'].map((day) => ({ date: `2024-05-${day}`, pastes: 0, files: 0 })),
  notices: [],
  thumbnailQueue: 0,
};

/** Answers `answer` until a clear succeeds, then `afterClear`. */
function backend(clear: () => Response, answer: DashboardStats = stats, afterClear: DashboardStats = answer) {
  let current = answer;
  return (path: string, init: RequestInit): Response | undefined => {
    if (path === '/test/admin-token') return envelope({ username: 'admin' });
    if (path === '/admin/dashboard/stats' && init.method === 'GET') return envelope(current);
    if (path === '/admin/cache/clear' && init.method === 'POST') {
      const response = clear();
      if (response.ok) current = afterClear;
      return response;
    }
    return undefined;
  };
}

signedInAsAdmin();

describe('dashboard', () => {
  it('shows the totals, clears every cache and loads the rates again', async () => {
    const cleared: DashboardStats = { ...stats, cache: { directory: 0.25, s3Url: 0, search: 1 } };
    const { requests } = await renderApp(
      '/admin/dashboard',
      backend(() => envelope({ cleared: 3 }), stats, cleared),
    );
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all caches' }));
    expect(await screen.findByText('Caches cleared (3 entries).')).toBeInTheDocument();
    expect(jsonBody(sentTo(requests, 'POST', '/admin/cache/clear')[0])).toEqual({});
    // The rates are asked again once the caches are empty (the answer only changes after the clear).
    expect(await screen.findByText('25%')).toBeInTheDocument();
    expect(screen.queryByText('50%')).not.toBeInTheDocument();
  });

  it('warns about a proxy that is not trusted, and draws no bar for storage without a quota', async () => {
    const storage = [
      {
        id: 'a',
        name: 'Disk',
        driver: 'local' as const,
        providerType: 'Local',
        usedBytes: 2048,
        quotaBytes: null,
        fileCount: 2,
        usagePercent: null,
      },
      {
        id: 'b',
        name: 'Bucket',
        driver: 's3' as const,
        providerType: 'AWS S3',
        usedBytes: 512,
        quotaBytes: 1024,
        fileCount: 1,
        usagePercent: 50,
      },
    ];
    const answer: DashboardStats = {
      ...stats,
      totalStorageUsed: 2560,
      storage,
      notices: [{ kind: 'untrusted-proxy', since: '2026-11-24T00:00:00.000Z' }],
    };
    await renderApp(
      '/admin/dashboard',
      backend(() => envelope({ cleared: 0 }), answer),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Requests arrive through a proxy, but TRUST_PROXY is off',
    );
    expect(screen.getByText('2 KB used, no quota set')).toBeInTheDocument();
    expect(screen.queryByRole('meter', { name: 'Storage used on Disk' })).not.toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Storage used on Bucket' })).toHaveAttribute('aria-valuenow', '50');
  });

  it('says why clearing failed', async () => {
    await renderApp(
      '/admin/dashboard',
      backend(() => failureResponse(500, 'INTERNAL', 'internal error')),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Clear all caches' }));
    expect(await screen.findByText('The server ran into an error; try again.')).toBeInTheDocument();
  });
});
