// FAQ text, written from the spec's topics. Two groups: 8 general questions, 5 how-tos. Each question and answer is a
// catalogue message (landing.faq.<question>.question / .answer).
import { defineMessages, type MessageDescriptor } from 'react-intl';

export type FaqItem = { id: string; question: MessageDescriptor; answer: MessageDescriptor };

const m = defineMessages({
  whatQ: { id: 'landing.faq.what.question', defaultMessage: 'What is Thera Root?', description: 'An FAQ question (landing page and /faq).' },
  whatA: {
    id: 'landing.faq.what.answer',
    defaultMessage: 'Thera Root is a professional network for verified mental-health therapists: a place to find peers, talk shop, share resources and build referral relationships.',
    description: 'The answer to: What is Thera Root?',
  },
  functionsQ: { id: 'landing.faq.functions.question', defaultMessage: 'What can I do on Thera Root?', description: 'An FAQ question (landing page and /faq).' },
  functionsA: {
    id: 'landing.faq.functions.answer',
    defaultMessage: 'Search the therapist directory, chat one to one in real time, join forums and communities, post and comment, keep a list of favourite colleagues, and use a moderated resource library.',
    description: 'The answer to: What can I do on Thera Root?',
  },
  chatsForumsQ: { id: 'landing.faq.chatsForums.question', defaultMessage: 'How do chats and forums work?', description: 'An FAQ question (landing page and /faq).' },
  chatsForumsA: {
    id: 'landing.faq.chatsForums.answer',
    defaultMessage: 'Chats are private, one-to-one conversations with other verified therapists, with read receipts and typing indicators. Forums hold posts and threaded comments, organised into communities you can join.',
    description: 'The answer to: How do chats and forums work?',
  },
  costQ: { id: 'landing.faq.cost.question', defaultMessage: 'How much does it cost?', description: 'An FAQ question (landing page and /faq).' },
  costA: {
    id: 'landing.faq.cost.answer',
    defaultMessage: 'Thera Root is free for now. In the future we plan a tiered model with a free tier and a paid tier with extra features.',
    description: 'The answer to: How much does it cost?',
  },
  whoQ: { id: 'landing.faq.who.question', defaultMessage: 'Who can use Thera Root?', description: 'An FAQ question (landing page and /faq).' },
  whoA: {
    id: 'landing.faq.who.answer',
    defaultMessage: 'Licensed or registered mental-health professionals: psychotherapists, counsellors, social workers, psychologists, marriage and family therapists and their peers. Anyone can read the public resources and directory.',
    description: 'The answer to: Who can use Thera Root?',
  },
  verificationQ: { id: 'landing.faq.verification.question', defaultMessage: 'How does verification work?', description: 'An FAQ question (landing page and /faq).' },
  verificationA: {
    id: 'landing.faq.verification.answer',
    defaultMessage: 'When you register you give your professional designation, licence or registration number, licensing body, and region. An administrator checks it against the public register. Until then your account is pending; once verified, your credentials show on your profile with a Verified badge.',
    description: 'The answer to: How does verification work?',
  },
  privacyQ: { id: 'landing.faq.privacy.question', defaultMessage: 'How is my privacy protected?', description: 'An FAQ question (landing page and /faq).' },
  privacyA: {
    id: 'landing.faq.privacy.answer',
    defaultMessage: 'We follow privacy law (PIPEDA and HIPAA): passwords are hashed, sessions can be revoked, your email and licence number are never shown to other members, and we never log the text of your messages.',
    description: 'The answer to: How is my privacy protected?',
  },
  visionQ: { id: 'landing.faq.vision.question', defaultMessage: 'What is the vision behind Thera Root?', description: 'An FAQ question (landing page and /faq).' },
  visionA: {
    id: 'landing.faq.vision.answer',
    defaultMessage: 'Therapy can be isolating work. We want every therapist to have a trusted circle of peers for consultation, referrals and growth.',
    description: 'The answer to: What is the vision behind Thera Root?',
  },
  mostQ: { id: 'landing.faq.most.question', defaultMessage: 'How do I make the most of Thera Root?', description: 'An FAQ question (landing page and /faq).' },
  mostA: {
    id: 'landing.faq.most.answer',
    defaultMessage: 'Complete your profile with your specialties, modalities and the age groups you work with, join a few communities, and introduce yourself in the forums.',
    description: 'The answer to: How do I make the most of Thera Root?',
  },
  recommendationsQ: { id: 'landing.faq.recommendations.question', defaultMessage: 'How are communities recommended to me?', description: 'An FAQ question (landing page and /faq).' },
  recommendationsA: {
    id: 'landing.faq.recommendations.answer',
    defaultMessage: 'We match the specialties, modalities and client age groups on your profile with the tags of each community, and show you why each one was recommended.',
    description: 'The answer to: How are communities recommended to me?',
  },
  createCommunityQ: { id: 'landing.faq.createCommunity.question', defaultMessage: 'How do I create a community?', description: 'An FAQ question (landing page and /faq).' },
  createCommunityA: {
    id: 'landing.faq.createCommunity.answer',
    defaultMessage: 'Open the Forums tab and use "create community" in the Communities column, or the Create Community button on the All Communities page.',
    description: 'The answer to: How do I create a community?',
  },
  findQ: { id: 'landing.faq.find.question', defaultMessage: 'How do I find therapists?', description: 'An FAQ question (landing page and /faq).' },
  findA: {
    id: 'landing.faq.find.answer',
    defaultMessage: 'Open the Therapist Network and filter by location, specialties, client demographics and therapeutic modalities, then search.',
    description: 'The answer to: How do I find therapists?',
  },
  messageQ: { id: 'landing.faq.message.question', defaultMessage: 'How do I message another therapist?', description: 'An FAQ question (landing page and /faq).' },
  messageA: {
    id: 'landing.faq.message.answer',
    defaultMessage: 'Open their profile and press the send-a-message (Start Chat) button under their name, or use Start Chat on their card in the directory.',
    description: 'The answer to: How do I message another therapist?',
  },
});

export const GENERAL_QUESTIONS: FaqItem[] = [
  { id: 'what', question: m.whatQ, answer: m.whatA },
  { id: 'functions', question: m.functionsQ, answer: m.functionsA },
  { id: 'chats-forums', question: m.chatsForumsQ, answer: m.chatsForumsA },
  { id: 'cost', question: m.costQ, answer: m.costA },
  { id: 'who', question: m.whoQ, answer: m.whoA },
  { id: 'verification', question: m.verificationQ, answer: m.verificationA },
  { id: 'privacy', question: m.privacyQ, answer: m.privacyA },
  { id: 'vision', question: m.visionQ, answer: m.visionA },
];

export const HOW_TO_QUESTIONS: FaqItem[] = [
  { id: 'most', question: m.mostQ, answer: m.mostA },
  { id: 'recommendations', question: m.recommendationsQ, answer: m.recommendationsA },
  { id: 'create-community', question: m.createCommunityQ, answer: m.createCommunityA },
  { id: 'find', question: m.findQ, answer: m.findA },
  { id: 'message', question: m.messageQ, answer: m.messageA },
];
