import { Button, Container, Divider, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../../common/constants.ts';
import { AGE_GROUPS, GENDERS, MODALITIES, SELF_DESCRIBE, SESSION_FORMATS, SPECIALTIES } from '../../../common/options.ts';
import type { Profile, ProfileUpdateInput } from '../../../common/therapists.ts';
import { isAdmin, isVerified, useSession } from '../../lib/session.tsx';
import { serverMessageOr, useSubmit } from '../../lib/useSubmit.ts';
import { useProfile, useUpdateProfile } from './api.ts';
import { AvailabilityFields, availabilityChanges, availabilityDraft } from './components/AvailabilityFields.tsx';
import { ProfileError, ProfileLoading } from './components/ProfileStatus.tsx';
import { PhotoUpload } from './PhotoUpload.tsx';

export default function EditProfilePage() {
  const { user } = useSession();
  const profile = useProfile(user?._id ?? '', Boolean(user));
  return (
    <Container size="md" px={0}>
      <Stack gap="md">
        <Title order={1}>Edit Profile</Title>
        {profile.isPending && <ProfileLoading />}
        {profile.isError && <ProfileError error={profile.error} />}
        {profile.data && <ProfileForm key={profile.data._id} profile={profile.data} />}
      </Stack>
    </Container>
  );
}

const GENDER_CHOICES = [...GENDERS, SELF_DESCRIBE];
const failureText = (error: unknown) => `Failed to update profile: ${serverMessageOr('Failed to update profile')(error)}`;

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
const multi = {
  searchable: true, clearable: true, hidePickedOptions: true, selectFirstOptionOnChange: true,
  nothingFoundMessage: 'No matching option', maxDropdownHeight: 280,
};

/** What the Name field says: a verified member's new name is checked by an administrator before it shows. */
function nameHelp(profile: Profile, reviewed: boolean): string | undefined {
  if (profile.pendingName) return `Name change waiting for review: your profile shows "${profile.name}" until an administrator approves it.`;
  return reviewed ? 'A new name shows once an administrator has approved it.' : undefined;
}

function ProfileForm({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const update = useUpdateProfile();
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
  const { busy, submit } = useSubmit(failureText, { onFailure: (text) => window.alert(text) });
  const onSubmit = submit(async () => {
    const changes: ProfileUpdateInput = {
      ...fields, ...availabilityChanges(availability), gender: genderValue(gender.choice, gender.text),
    };
    await update.mutateAsync(changes);
    window.alert('Profile updated successfully!');
    navigate('/my-profile');
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="form" onSubmit={onSubmit} aria-label="Edit profile">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" maxLength={LIMITS.name} description={nameHelp(profile, isVerified(user) && !isAdmin(user))} {...text('name')} />
          <TextInput label="Pronouns" placeholder="e.g. she/her" maxLength={50} {...text('pronouns')} />
          <TextInput label="Profession" description="Your professional designation" maxLength={LIMITS.shortText} {...text('profession')} />
          <TextInput label="Education" maxLength={LIMITS.shortText} {...text('education')} />
          <TextInput label="Location" description="City, region, country" maxLength={LIMITS.shortText} {...text('location')} />
        </SimpleGrid>
        {/* The photo is stored when it is uploaded or removed; the form neither shows nor sends its address. */}
        <PhotoUpload name={fields.name || profile.name} avatar={photo} onChange={setPhoto} />

        <Textarea label="Bio" description={`${fields.bio.length} / ${LIMITS.bio} characters`} autosize minRows={4} maxRows={12}
          maxLength={LIMITS.bio} {...text('bio')} />

        <MultiSelect label="Specialties" data={[...SPECIALTIES]} {...multi} value={fields.specialties} onChange={set('specialties')} />
        <MultiSelect label="Modalities" data={[...MODALITIES]} {...multi} value={fields.modalities} onChange={set('modalities')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MultiSelect label="Age groups" data={[...AGE_GROUPS]} {...multi} value={fields.demographics} onChange={set('demographics')} />
          <MultiSelect label="Session format" data={[...SESSION_FORMATS]} {...multi} value={fields.sessionFormat} onChange={set('sessionFormat')} />
          <Select
            label="Gender" placeholder="Not specified" data={GENDER_CHOICES} clearable allowDeselect searchable selectFirstOptionOnChange
            nothingFoundMessage="No matching option"
            value={gender.choice}
            // Choosing any other option clears the self-described text (spec section 4).
            onChange={(choice) => setGender((g) => ({ choice, text: choice === SELF_DESCRIBE ? g.text : '' }))}
          />
          {gender.choice === SELF_DESCRIBE && (
            <TextInput
              label="Self-described gender" maxLength={LIMITS.selfDescribedGender} value={gender.text}
              description={`At most ${LIMITS.selfDescribedGender} characters`}
              onChange={(e) => setGender({ choice: SELF_DESCRIBE, text: e.currentTarget.value })}
            />
          )}
        </SimpleGrid>

        <Divider />
        <AvailabilityFields value={availability} onChange={setAvailability} />

        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate('/my-profile')}>Cancel</Button>
          <Button type="submit" loading={busy}>Save Profile</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
