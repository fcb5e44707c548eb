import { Placeholder } from '../../components/Placeholder.tsx';

export default function FaqPage() {
  return <Placeholder title="FAQ" />;
}
