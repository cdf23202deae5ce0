import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colour of each diagnosis class on screen: healthy green, not diagnosed grey, faults warm. */
export const CLASS_COLORS: Record<string, string> = {
  normal: 'success',
  insufficient: 'default',
  open_circuit: 'error',
  bypass_diode_short: 'error',
  pid: 'error',
};

/** A task's strings by class, as tags "class: count". */
export function ClassTags({ classes }: { classes: Record<string, number> }) {
  const { t } = useTranslation();
  return (
    <>
      {Object.entries(classes).map(([c, n]) => (
        <Tag key={c} color={CLASS_COLORS[c] ?? 'warning'}>
          {t(`iv.classes.${c}`)}: {n}
        </Tag>
      ))}
    </>
  );
}
