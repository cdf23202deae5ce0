import { Button, ColorPicker, Drawer, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLayoutStore } from '../store/layoutStore.ts';
import { useSettingsDrawer } from './layoutDialogs.ts';

/** Preset theme colours offered next to the free picker; the first is the product's own. */
const PRESETS = ['#009cff', '#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#f5222d', '#722ed1'];

/** The settings drawer (spec §3): theme colour, fixed header, sidebar logo, tags bar; kept per browser. */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const { open, hide } = useSettingsDrawer();
  const { settings, changeSetting, resetSettings } = useLayoutStore();
  const row = (label: string, control: React.ReactNode) => (
    <div className="drawer-item">
      <span>{label}</span>
      {control}
    </div>
  );
  return (
    <Drawer open={open} onClose={hide} title={t('settings.title')} size={300}>
      {row(
        t('settings.themeColor'),
        <ColorPicker
          value={settings.themeColor}
          presets={[{ label: t('settings.presets'), colors: PRESETS }]}
          onChangeComplete={(c) => changeSetting('themeColor', c.toHexString())}
        />,
      )}
      {row(
        t('settings.fixedHeader'),
        <Switch checked={settings.fixedHeader} onChange={(v) => changeSetting('fixedHeader', v)} />,
      )}
      {row(
        t('settings.sidebarLogo'),
        <Switch checked={settings.sidebarLogo} onChange={(v) => changeSetting('sidebarLogo', v)} />,
      )}
      {row(
        t('settings.tagsView'),
        <Switch
          checked={settings.tagsView}
          data-testid="settings-tagsview"
          onChange={(v) => changeSetting('tagsView', v)}
        />,
      )}
      <Button block onClick={resetSettings} className="drawer-reset">
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
}
