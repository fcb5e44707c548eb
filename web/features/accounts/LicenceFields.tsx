import { Fieldset, SimpleGrid, Text, TextInput } from '@mantine/core';
import { todayIso } from '../../../common/privacy.ts';
import type { LicenceInput } from './api.ts';

/** The licence group of the register and verification forms, with why we ask and who sees what. */
export function LicenceFields({ value, onChange }: { value: LicenceInput; onChange: (next: LicenceInput) => void }) {
  const field = (key: keyof LicenceInput) => ({
    value: value[key],
    required: true,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [key]: e.currentTarget.value }),
  });
  return (
    <Fieldset legend="Your licence or registration">
      <Text size="sm" mb="sm">
        Thera Root is for verified therapists only. An administrator checks these details against your licensing body's public
        register. Your designation, licensing body and region show on your profile with a Verified badge; your licence number is
        seen only by you and the administrators.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Professional designation" placeholder="Registered Psychotherapist" {...field('profession')} />
        <TextInput label="Licence or registration number" {...field('licenceNumber')} />
        <TextInput label="Licensing body" placeholder="CRPO, California BBS" {...field('licensingBody')} />
        <TextInput label="Province or state" {...field('region')} />
        <TextInput label="Country" {...field('country')} />
        <TextInput label="Licence expiry date" type="date" min={todayIso()} description="The date your current licence expires."
          {...field('licenceExpiresOn')} />
      </SimpleGrid>
    </Fieldset>
  );
}

export const emptyLicence: LicenceInput = { profession: '', licenceNumber: '', licensingBody: '', region: '', country: '', licenceExpiresOn: '' };
