import { Select } from 'antd';
import type { IvCatalogueModule } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useIvModules } from '../../api/ivLayouts.ts';

/** How a module of the list reads: maker, model and power. */
export const moduleLabel = (m: Pick<IvCatalogueModule, 'maker' | 'model' | 'module'>) =>
  `${m.maker} ${m.model} (${m.module.pmaxW} W)`;

/**
 * A search over the shipped module list (maker, series or model, any part, any case); choosing one hands its
 * datasheet to `onPick`. An IV template and an inverter's module type start from it.
 */
export function ModulePicker({
  onPick,
  testId,
  width = 360,
}: {
  onPick(module: IvCatalogueModule): void;
  testId: string;
  width?: number;
}) {
  const { t } = useTranslation();
  const modules = useIvModules();
  const byId = new Map((modules.data ?? []).map((m) => [m.id, m]));
  return (
    <Select<string>
      showSearch={{
        filterOption: (input, option) => String(option?.search ?? '').includes(input.trim().toLowerCase()),
      }}
      style={{ width }}
      loading={modules.isLoading}
      placeholder={t('pvModule.search')}
      notFoundContent={t('pvModule.noMatch')}
      data-testid={testId}
      value={null}
      options={(modules.data ?? []).map((m) => ({
        value: m.id,
        label: moduleLabel(m),
        search: `${m.maker} ${m.series} ${m.model} ${m.module.pmaxW}`.toLowerCase(),
      }))}
      onChange={(id) => {
        const m = byId.get(id);
        if (m) onPick(m);
      }}
    />
  );
}
