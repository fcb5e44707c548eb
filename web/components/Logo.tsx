import { Group, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

// The product's name is never translated; what the link does is.
const PRODUCT_NAME = 'Thera Root';
const m = defineMessages<{ home: { product: string } }>({
  home: { id: 'logo.home', defaultMessage: '{product} home', description: 'Accessible name of the logo link to the home page; {product} is the product name' },
});

export function Logo({ onClick }: { onClick?: () => void }) {
  const intl = useIntl();
  return (
    <Link to="/" onClick={onClick} style={{ textDecoration: 'none', color: 'inherit' }} aria-label={intl.formatMessage(m.home, { product: PRODUCT_NAME })}>
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <Text component="span" fw={700} size="lg" c="brand.8" ff="heading">{PRODUCT_NAME}</Text>
      </Group>
    </Link>
  );
}
