import { Flex, Skeleton, Statistic } from 'antd';

/** One figure under a list: a count or a sum, already written in the console's language. */
export interface TotalFigure {
  key: string;
  title: string;
  value: string;
}

/**
 * The count and sums of every row a list's filters match (not only the page shown), under the
 * list; a placeholder while they load.
 */
export function ListTotals({ label, figures }: { label: string; figures: readonly TotalFigure[] | undefined }) {
  return (
    <section aria-label={label} style={{ marginTop: 12 }}>
      {figures ? (
        <Flex wrap gap="8px 32px">
          {figures.map((figure) => (
            <Statistic
              key={figure.key}
              title={figure.title}
              value={figure.value}
              styles={{ content: { fontSize: 18 } }}
            />
          ))}
        </Flex>
      ) : (
        <Skeleton active paragraph={false} />
      )}
    </section>
  );
}
