import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImportTab } from './ImportTab.tsx';
import { TasksTab } from './TasksTab.tsx';
import { TemplatesTab } from './TemplatesTab.tsx';

/** `diagnosis`: IV scan tasks, the templates they are diagnosed against, and a field tracer's curve imported. */
export function DiagnosisPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('menu.diagnosis')} data-testid="diagnosis">
      <Tabs
        items={[
          { key: 'tasks', label: t('iv.tasks'), children: <TasksTab /> },
          { key: 'templates', label: t('iv.templates'), children: <TemplatesTab /> },
          { key: 'import', label: t('iv.import'), children: <ImportTab /> },
        ]}
      />
    </Card>
  );
}
