import { Box, Text } from '@mantine/core';
import { rupees } from '../format';

interface Month {
  /** `2026-04` */
  month: string;
  count: number;
  /** Paise. */
  amount: number;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const label = (key: string) => {
  const [year, month] = key.split('-');
  return `${MONTH_NAMES[Number(month) - 1]} ${year?.slice(2)}`;
};

const WIDTH = 600;
const HEIGHT = 180;
const BAR_AREA = 150;

/**
 * The last 12 months' receipts as bars: a plain SVG (no chart library) that screen readers get as
 * a list of months and amounts through its title and each bar's label.
 */
export function MonthChart({ months }: { months: Month[] }) {
  const highest = Math.max(1, ...months.map((month) => month.amount));
  const slot = WIDTH / months.length;
  return (
    <Box>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby="month-chart-title"
        style={{ maxHeight: 240, display: 'block' }}
      >
        <title id="month-chart-title">
          {`Received per month: ${months.map((month) => `${label(month.month)} ${rupees(month.amount)}`).join(', ')}`}
        </title>
        {months.map((month, index) => {
          const height = Math.round((month.amount / highest) * (BAR_AREA - 10));
          return (
            <g key={month.month}>
              <rect
                x={index * slot + slot * 0.15}
                y={BAR_AREA - height}
                width={slot * 0.7}
                height={Math.max(height, 1)}
                fill="var(--mantine-color-brand-8)"
              >
                <title>{`${label(month.month)}: ${rupees(month.amount)} from ${month.count} gifts`}</title>
              </rect>
              <text x={index * slot + slot / 2} y={HEIGHT - 12} textAnchor="middle" fontSize="13" fill="#333">
                {label(month.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <Text size="xs" c="dimmed">
        Highest month: {rupees(highest === 1 ? 0 : highest)}. Each bar names its month and amount (hover or screen
        reader).
      </Text>
    </Box>
  );
}
