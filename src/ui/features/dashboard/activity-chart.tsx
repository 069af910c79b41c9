import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityDay } from '@shared/api/dashboard.schema';
import { readChartPalette } from './chart-palette';
import { useDocumentTheme } from './use-document-theme';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

function dayLabel(date: string, language: string): string {
  const format = new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en', {
    weekday: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** Pastes and files created per day as grouped bars, with the same numbers as a hidden table. */
export function ActivityChart({ activity }: { activity: ActivityDay[] }) {
  const { t, i18n } = useTranslation();
  const theme = useDocumentTheme();
  const canvas = useRef<HTMLCanvasElement>(null);
  const labels = activity.map((day) => dayLabel(day.date, i18n.language));
  const empty = activity.every((day) => day.pastes === 0 && day.files === 0);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const palette = readChartPalette(element);
    const axis = {
      ticks: { color: palette.text, precision: 0 },
      grid: { color: palette.grid },
      border: { color: palette.grid },
    };
    // Day labels stay level and are thinned out where they would touch (a phone shows every other day or fewer).
    const days = { ...axis, ticks: { ...axis.ticks, maxRotation: 0, autoSkip: true, autoSkipPadding: 12 } };
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels: activity.map((day) => dayLabel(day.date, i18n.language)),
        datasets: [
          {
            label: t('dashboard.activity.pastes'),
            data: activity.map((d) => d.pastes),
            backgroundColor: palette.pastes,
            borderRadius: 4,
          },
          {
            label: t('dashboard.activity.files'),
            data: activity.map((d) => d.files),
            backgroundColor: palette.files,
            borderRadius: 4,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { labels: { color: palette.text } } },
        scales: { x: days, y: { ...axis, beginAtZero: true, suggestedMax: 4 } },
      },
    });
    return () => chart.destroy();
  }, [activity, theme, i18n.language, t]);

  return (
    <section className="dash-card dash-card--wide" aria-labelledby="dash-activity">
      <h2 id="dash-activity" className="dash-card__title">
        {t('dashboard.activity.title')}
      </h2>
      {empty && <p className="usage-list__meta">{t('dashboard.activity.empty')}</p>}
      <div className="activity-chart">
        <canvas ref={canvas} role="img" aria-label={t('dashboard.activity.chartLabel')} />
      </div>
      <div className="visually-hidden">
        <table>
          <caption>{t('dashboard.activity.chartLabel')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.activity.day')}</th>
              <th scope="col">{t('dashboard.activity.pastes')}</th>
              <th scope="col">{t('dashboard.activity.files')}</th>
            </tr>
          </thead>
          <tbody>
            {activity.map((day, index) => (
              <tr key={day.date}>
                <th scope="row">{labels[index]}</th>
                <td>{day.pastes}</td>
                <td>{day.files}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
