import { college } from '../../content/college';
import { contactText } from '../../content/contact';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';

export default function ThanksPage() {
  usePageMeta(college.pages.contactThanks);
  const { thanks } = contactText;
  return (
    <div className="section container message-page">
      <h1>{thanks.heading}</h1>
      <p className="lead">{thanks.text}</p>
      <AppLink href={thanks.action.href} className="button">
        {thanks.action.label}
      </AppLink>
    </div>
  );
}
