import { useMemo } from 'react';
import { Button, Form, Select, Space, Tag } from 'antd';
import type { CommandDevice } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Choose a plant, then one or several of its devices (`multiple`), among the devices a command can reach. The
 * plant narrows the device list; devices offline are marked, since their commands wait until they reconnect.
 */
export function DevicePicker({
  devices,
  loading,
  plantId,
  onPlantChange,
  value,
  onChange,
  multiple = true,
}: {
  devices: readonly CommandDevice[];
  loading?: boolean;
  plantId: number | undefined;
  onPlantChange(plantId: number | undefined): void;
  value: readonly string[];
  onChange(serials: string[]): void;
  multiple?: boolean;
}) {
  const { t } = useTranslation();
  const plants = useMemo(() => {
    const byId = new Map<number, string>();
    for (const d of devices) byId.set(d.plantId, d.plantName);
    return [...byId]
      .map(([id, name]) => ({ value: id, label: name }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [devices]);
  const shown = useMemo(
    () => devices.filter((d) => plantId === undefined || d.plantId === plantId),
    [devices, plantId],
  );
  return (
    <Form layout="inline" component="div" style={{ rowGap: 8 }}>
      <Form.Item label={t('commands.picker.plant')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          loading={loading}
          data-testid="picker-plant"
          placeholder={t('commands.picker.allPlants')}
          value={plantId}
          options={plants}
          onChange={(id: number | undefined) => {
            onPlantChange(id);
            onChange(
              value.filter((sn) =>
                devices.some((d) => d.serial === sn && (id === undefined || d.plantId === id)),
              ),
            );
          }}
        />
      </Form.Item>
      <Form.Item label={t(multiple ? 'commands.picker.devices' : 'commands.picker.device')}>
        <Space.Compact>
          <Select
            mode={multiple ? 'multiple' : undefined}
            allowClear
            maxTagCount="responsive"
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 360 }}
            loading={loading}
            data-testid="picker-devices"
            placeholder={t('commands.picker.choose')}
            value={multiple ? [...value] : value[0]}
            options={shown.map((d) => ({
              value: d.serial,
              label: d.name && d.name !== d.serial ? `${d.serial} ${d.name}` : d.serial,
              title: d.model,
            }))}
            optionRender={(o) => {
              const d = shown.find((x) => x.serial === o.value);
              return (
                <span>
                  {o.label} <Tag>{d?.model}</Tag>
                  {d && !d.online && <Tag color="default">{t('commands.picker.offline')}</Tag>}
                </span>
              );
            }}
            onChange={(v: string | string[] | undefined) =>
              onChange(v === undefined ? [] : Array.isArray(v) ? v : [v])
            }
          />
          {multiple && (
            <Button onClick={() => onChange(shown.map((d) => d.serial))} disabled={shown.length === 0}>
              {t('commands.picker.selectAll', { count: shown.length })}
            </Button>
          )}
        </Space.Compact>
      </Form.Item>
    </Form>
  );
}
