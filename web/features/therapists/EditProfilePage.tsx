import { Button, Container, Divider, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape, type MessageValue } from 'react-intl';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../../common/constants.ts';
import { AGE_GROUPS, GENDERS, MODALITIES, SELF_DESCRIBE, SESSION_FORMATS, SPECIALTIES } from '../../../common/options.ts';
import type { Profile, ProfileUpdateInput } from '../../../common/therapists.ts';
import { useOptionLabels } from '../../lib/option-labels.ts';
import { isAdmin, isVerified, useSession } from '../../lib/session.tsx';
import { serverMessageOr, useSubmit } from '../../lib/useSubmit.ts';
import { useProfile, useUpdateProfile } from './api.ts';
import { AvailabilityFields, availabilityChanges, availabilityDraft } from './components/AvailabilityFields.tsx';
import { ProfileError, ProfileLoading } from './components/ProfileStatus.tsx';
import { characterCount, fieldMessages as field } from './messages.ts';
import { PhotoUpload } from './PhotoUpload.tsx';

const m = defineMessages({
  title: { id: 'therapists.editProfile.title', defaultMessage: 'Edit Profile', description: 'Heading of the screen where members edit their own profile' },
  form: { id: 'therapists.editProfile.form', defaultMessage: 'Edit profile', description: 'Accessible name of the profile form' },
  failed: { id: 'therapists.editProfile.failed', defaultMessage: 'Failed to update profile', description: 'Alert when saving the profile failed and the server gave no reason' },
  saved: { id: 'therapists.editProfile.saved', defaultMessage: 'Profile updated successfully!', description: 'Alert after the profile was saved' },
  nameReviewed: { id: 'therapists.editProfile.nameReviewed', defaultMessage: 'A new name shows once an administrator has approved it.', description: 'Help under the Name field of a verified member' },
  pronouns: { id: 'therapists.editProfile.pronouns', defaultMessage: 'Pronouns', description: 'Profile field label: the member\'s pronouns' },
  pronounsExample: { id: 'therapists.editProfile.pronounsExample', defaultMessage: 'e.g. she/her', description: 'Example in the empty Pronouns field' },
  professionHelp: { id: 'therapists.editProfile.professionHelp', defaultMessage: 'Your professional designation', description: 'Help under the Profession field' },
  locationHelp: { id: 'therapists.editProfile.locationHelp', defaultMessage: 'City, region, country', description: 'Help under the Location field: what to write' },
  bio: { id: 'therapists.editProfile.bio', defaultMessage: 'Bio', description: 'Profile field label: a short text about oneself' },
  genderNotSpecified: { id: 'therapists.editProfile.genderNotSpecified', defaultMessage: 'Not specified', description: 'The Gender list when nothing is chosen' },
  selfDescribed: { id: 'therapists.editProfile.selfDescribed', defaultMessage: 'Self-described gender', description: 'Field for a gender in one\'s own words' },
  cancel: { id: 'therapists.editProfile.cancel', defaultMessage: 'Cancel', description: 'Button: leave the form without saving' },
  save: { id: 'therapists.editProfile.save', defaultMessage: 'Save Profile', description: 'Button: save the profile form' },
});

const failedBecause = defineMessage<{ reason: MessageValue }>({ id: 'therapists.editProfile.failedBecause', defaultMessage: 'Failed to update profile: {reason}', description: 'Alert when saving the profile failed; reason: the server\'s explanation' });
const nameWaiting = defineMessage<{ name: MessageValue }>({ id: 'therapists.editProfile.nameWaiting', defaultMessage: 'Name change waiting for review: your profile shows "{name}" until an administrator approves it.', description: 'Help under the Name field while a new name waits for an administrator; name: the name shown meanwhile' });
const atMost = defineMessage<{ max: MessageValue }>({ id: 'therapists.editProfile.atMostCharacters', defaultMessage: 'At most {max} characters', description: 'Help under a text field: its length limit' });

export default function EditProfilePage() {
  const { user } = useSession();
  const intl = useIntl();
  const profile = useProfile(user?._id ?? '', Boolean(user));
  return (
    <Container size="md" px={0}>
      <Stack gap="md">
        <Title order={1}>{intl.formatMessage(m.title)}</Title>
        {profile.isPending && <ProfileLoading />}
        {profile.isError && <ProfileError error={profile.error} />}
        {profile.data && <ProfileForm key={profile.data._id} profile={profile.data} />}
      </Stack>
    </Container>
  );
}

const GENDER_CHOICES = [...GENDERS, SELF_DESCRIBE];
const failureText = (intl: IntlShape) => (error: unknown) =>
  intl.formatMessage(failedBecause, { reason: serverMessageOr(intl.formatMessage(m.failed))(error) });

/** The spec's section 4: the stored gender is either one of the options or a self-described text. */
function splitGender(gender: string[]): { choice: string | null; text: string } {
  const [value] = gender;
  if (!value) return { choice: null, text: '' };
  return (GENDERS as readonly string[]).includes(value) ? { choice: value, text: '' } : { choice: SELF_DESCRIBE, text: value };
}

function genderValue(choice: string | null, text: string): string[] {
  if (choice !== SELF_DESCRIBE) return choice ? [choice] : [];
  const trimmed = text.trim();
  return trimmed ? [trimmed] : [];
}

// Typing narrows the list and Enter takes the first match, so a long list never needs scrolling.
const multiProps = (intl: IntlShape) => ({
  searchable: true, clearable: true, hidePickedOptions: true, selectFirstOptionOnChange: true,
  nothingFoundMessage: intl.formatMessage(field.noMatchingOption), maxDropdownHeight: 280,
});

/** What the Name field says: a verified member's new name is checked by an administrator before it shows. */
function nameHelp(intl: IntlShape, profile: Profile, reviewed: boolean): string | undefined {
  if (profile.pendingName) return intl.formatMessage(nameWaiting, { name: profile.name });
  return reviewed ? intl.formatMessage(m.nameReviewed) : undefined;
}

function ProfileForm({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const intl = useIntl();
  const labels = useOptionLabels();
  const { user } = useSession();
  const update = useUpdateProfile();
  const multi = multiProps(intl);
  const choices = useMemo(() => ({
    specialties: labels.choices(SPECIALTIES, labels.specialty, { alphabetical: true }),
    modalities: labels.choices(MODALITIES, labels.modality, { alphabetical: true }),
    ageGroups: labels.choices(AGE_GROUPS, labels.ageGroup),
    sessionFormats: labels.choices(SESSION_FORMATS, labels.sessionFormat),
    genders: labels.choices(GENDER_CHOICES, labels.gender),
  }), [labels]);
  const [fields, setFields] = useState({
    // The waiting name, so saving other fields does not withdraw it (sending the current name does).
    name: profile.pendingName ?? profile.name, pronouns: profile.pronouns, profession: profile.profession,
    education: profile.education, location: profile.location, bio: profile.bio,
    specialties: profile.specialties, modalities: profile.modalities, demographics: profile.demographics,
    sessionFormat: profile.sessionFormat,
  });
  const [photo, setPhoto] = useState(profile.avatar ?? '');
  const [gender, setGender] = useState(() => splitGender(profile.gender));
  const [availability, setAvailability] = useState(() => availabilityDraft(profile));
  const set = <K extends keyof typeof fields>(key: K) => (value: (typeof fields)[K]) => setFields((f) => ({ ...f, [key]: value }));
  const text = (key: 'name' | 'pronouns' | 'profession' | 'education' | 'location' | 'bio') =>
    ({ value: fields[key], onChange: (e: { currentTarget: { value: string } }) => set(key)(e.currentTarget.value) });

  // The spec: both outcomes are alerts.
  const { busy, submit } = useSubmit(failureText(intl), { onFailure: (text) => window.alert(text) });
  const onSubmit = submit(async () => {
    const changes: ProfileUpdateInput = {
      ...fields, ...availabilityChanges(availability), gender: genderValue(gender.choice, gender.text),
    };
    await update.mutateAsync(changes);
    window.alert(intl.formatMessage(m.saved));
    navigate('/my-profile');
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="form" onSubmit={onSubmit} aria-label={intl.formatMessage(m.form)}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={intl.formatMessage(field.name)} maxLength={LIMITS.name}
            description={nameHelp(intl, profile, isVerified(user) && !isAdmin(user))} {...text('name')} />
          <TextInput label={intl.formatMessage(m.pronouns)} placeholder={intl.formatMessage(m.pronounsExample)} maxLength={50} {...text('pronouns')} />
          <TextInput label={intl.formatMessage(field.profession)} description={intl.formatMessage(m.professionHelp)} maxLength={LIMITS.shortText}
            {...text('profession')} />
          <TextInput label={intl.formatMessage(field.education)} maxLength={LIMITS.shortText} {...text('education')} />
          <TextInput label={intl.formatMessage(field.location)} description={intl.formatMessage(m.locationHelp)} maxLength={LIMITS.shortText}
            {...text('location')} />
        </SimpleGrid>
        {/* The photo is stored when it is uploaded or removed; the form neither shows nor sends its address. */}
        <PhotoUpload name={fields.name || profile.name} avatar={photo} onChange={setPhoto} />

        <Textarea label={intl.formatMessage(m.bio)} description={intl.formatMessage(characterCount, { count: fields.bio.length, max: LIMITS.bio })}
          autosize minRows={4} maxRows={12}
          maxLength={LIMITS.bio} {...text('bio')} />

        <MultiSelect label={intl.formatMessage(field.specialties)} data={choices.specialties} {...multi} value={fields.specialties}
          onChange={set('specialties')} />
        <MultiSelect label={intl.formatMessage(field.modalities)} data={choices.modalities} {...multi} value={fields.modalities}
          onChange={set('modalities')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MultiSelect label={intl.formatMessage(field.ageGroups)} data={choices.ageGroups} {...multi} value={fields.demographics}
            onChange={set('demographics')} />
          <MultiSelect label={intl.formatMessage(field.sessionFormat)} data={choices.sessionFormats} {...multi} value={fields.sessionFormat}
            onChange={set('sessionFormat')} />
          <Select
            label={intl.formatMessage(field.gender)} placeholder={intl.formatMessage(m.genderNotSpecified)} data={choices.genders}
            clearable allowDeselect searchable selectFirstOptionOnChange nothingFoundMessage={intl.formatMessage(field.noMatchingOption)}
            value={gender.choice}
            // Choosing any other option clears the self-described text (spec section 4).
            onChange={(choice) => setGender((g) => ({ choice, text: choice === SELF_DESCRIBE ? g.text : '' }))}
          />
          {gender.choice === SELF_DESCRIBE && (
            <TextInput
              label={intl.formatMessage(m.selfDescribed)} maxLength={LIMITS.selfDescribedGender} value={gender.text}
              description={intl.formatMessage(atMost, { max: LIMITS.selfDescribedGender })}
              onChange={(e) => setGender({ choice: SELF_DESCRIBE, text: e.currentTarget.value })}
            />
          )}
        </SimpleGrid>

        <Divider />
        <AvailabilityFields value={availability} onChange={setAvailability} />

        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate('/my-profile')}>{intl.formatMessage(m.cancel)}</Button>
          <Button type="submit" loading={busy}>{intl.formatMessage(m.save)}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
