import { OpenAppeals } from '../appeals/OpenAppeals';
import { AboutSection } from './AboutSection';
import { ActivitiesSection } from './ActivitiesSection';
import { ContactSection } from './ContactSection';
import { HeroSection } from './HeroSection';
import { ImpactSection } from './ImpactSection';

export function HomePage() {
  return (
    <>
      <HeroSection />
      <OpenAppeals />
      <AboutSection />
      <ActivitiesSection />
      <ImpactSection />
      <ContactSection />
    </>
  );
}
