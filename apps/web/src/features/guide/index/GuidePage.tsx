import { useState } from 'react';
import { Button, Card, Steps, Tour, type TourProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The layout elements the tour points at; each has its own step text under `guide.steps.<key>`. */
const STOPS = [
  { key: 'sidebar', selector: '[data-testid="sidebar"]' },
  { key: 'toggle', selector: '[data-testid="sidebar-toggle"]' },
  { key: 'tags', selector: '[data-testid="tags-view"]' },
  { key: 'language', selector: '[data-testid="language-select"]' },
  { key: 'settings', selector: '[data-testid="settings-button"]' },
  { key: 'avatar', selector: '[data-testid="avatar-menu"]' },
] as const;

/** `/guide/index`: a short guided tour of the console's layout. */
export function GuidePage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const steps: TourProps['steps'] = STOPS.map((s) => ({
    title: t(`guide.steps.${s.key}.title`),
    description: t(`guide.steps.${s.key}.body`),
    target: () => document.querySelector<HTMLElement>(s.selector) ?? document.body,
    nextButtonProps: { children: t('guide.next') },
    prevButtonProps: { children: t('guide.prev') },
  }));
  return (
    <div className="app-container">
      <Card>
        <Typography.Title level={4}>{t('menu.guide')}</Typography.Title>
        <Typography.Paragraph>{t('guide.intro')}</Typography.Paragraph>
        <Steps
          orientation="vertical"
          size="small"
          current={-1}
          items={STOPS.map((s) => ({
            title: t(`guide.steps.${s.key}.title`),
            content: t(`guide.steps.${s.key}.body`),
          }))}
        />
        <Button type="primary" onClick={() => setOpen(true)} data-testid="guide-start">
          {t('guide.start')}
        </Button>
      </Card>
      <Tour open={open} onClose={() => setOpen(false)} steps={steps} />
    </div>
  );
}
