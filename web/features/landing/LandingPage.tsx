import { Placeholder } from '../../components/Placeholder.tsx';

export default function LandingPage() {
  return <Placeholder title="Thera Root" />;
}
