import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const percent = (p: number) => `${(p * 100).toFixed(0)} %`;

/**
 * Below this probability the second class is no alternative worth a reader's thought (it would read "0 %" beside
 * a diagnosis of 100 %): it is not named.
 */
export const SECOND_CLASS_FLOOR = 0.01;

/**
 * The diagnosis's second likeliest class with its probability, and a "close call" tag when the two are close: the
 * reader then checks both before sending someone out. A second class below `SECOND_CLASS_FLOOR` shows as "-".
 */
export function SecondClass({
  first,
  confidence,
  second,
  secondConfidence,
  lowConfidence,
}: {
  first: string;
  confidence: number;
  second: string | null;
  secondConfidence: number | null;
  lowConfidence: boolean | null;
}) {
  const { t } = useTranslation();
  if (second === null || secondConfidence === null || secondConfidence < SECOND_CLASS_FLOOR) return <>-</>;
  return (
    <Space size={4} wrap>
      <span data-testid="iv-second-class">
        {t(`iv.classes.${second}`)} {percent(secondConfidence)}
      </span>
      {lowConfidence && (
        <Tooltip
          title={t('iv.lowConfidenceHint', {
            first: t(`iv.classes.${first}`),
            p1: percent(confidence),
            second: t(`iv.classes.${second}`),
            p2: percent(secondConfidence),
          })}
        >
          <Tag color="gold" data-testid="iv-low-confidence">
            {t('iv.lowConfidence')}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}
