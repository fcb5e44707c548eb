// FAQ text, written from the spec's topics. Two groups: 8 general questions, 5 how-tos.
export type FaqItem = { id: string; question: string; answer: string };

export const GENERAL_QUESTIONS: FaqItem[] = [
  { id: 'what', question: 'What is Thera Root?', answer: 'Thera Root is a professional network for verified mental-health therapists: a place to find peers, talk shop, share resources and build referral relationships.' },
  { id: 'functions', question: 'What can I do on Thera Root?', answer: 'Search the therapist directory, chat one to one in real time, join forums and communities, post and comment, keep a list of favourite colleagues, and use a moderated resource library.' },
  { id: 'chats-forums', question: 'How do chats and forums work?', answer: 'Chats are private, one-to-one conversations with other verified therapists, with read receipts and typing indicators. Forums hold posts and threaded comments, organised into communities you can join.' },
  { id: 'cost', question: 'How much does it cost?', answer: 'Thera Root is free for now. In the future we plan a tiered model with a free tier and a paid tier with extra features.' },
  { id: 'who', question: 'Who can use Thera Root?', answer: 'Licensed or registered mental-health professionals: psychotherapists, counsellors, social workers, psychologists, marriage and family therapists and their peers. Anyone can read the public resources and directory.' },
  { id: 'verification', question: 'How does verification work?', answer: 'When you register you give your professional designation, licence or registration number, licensing body, and region. An administrator checks it against the public register. Until then your account is pending; once verified, your credentials show on your profile with a Verified badge.' },
  { id: 'privacy', question: 'How is my privacy protected?', answer: 'We follow privacy law (PIPEDA and HIPAA): passwords are hashed, sessions can be revoked, your email and licence number are never shown to other members, and we never log the text of your messages.' },
  { id: 'vision', question: 'What is the vision behind Thera Root?', answer: 'Therapy can be isolating work. We want every therapist to have a trusted circle of peers for consultation, referrals and growth.' },
];

export const HOW_TO_QUESTIONS: FaqItem[] = [
  { id: 'most', question: 'How do I make the most of Thera Root?', answer: 'Complete your profile with your specialties, modalities and the age groups you work with, join a few communities, and introduce yourself in the forums.' },
  { id: 'recommendations', question: 'How are communities recommended to me?', answer: 'We match the specialties, modalities and client age groups on your profile with the tags of each community, and show you why each one was recommended.' },
  { id: 'create-community', question: 'How do I create a community?', answer: 'Open the Forums tab and use "create community" in the Communities column, or the Create Community button on the All Communities page.' },
  { id: 'find', question: 'How do I find therapists?', answer: 'Open the Therapist Network and filter by location, specialties, client demographics and therapeutic modalities, then search.' },
  { id: 'message', question: 'How do I message another therapist?', answer: 'Open their profile and press the send-a-message (Start Chat) button under their name, or use Start Chat on their card in the directory.' },
];
