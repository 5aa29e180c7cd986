import { Challenge } from '../components/challenge';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import { EnrolmentForm } from '../demos/forms/enrolment-form';
import enrolmentFormSource from '../demos/forms/enrolment-form.tsx?highlight';
import enrolmentSource from '../demos/forms/enrolment.ts?highlight';
import questionBoxStarter from '../challenges/forms/question-box/starter/question-box.tsx?highlight';

export default function FormsLesson() {
  return (
    <>
      <p className="lead">
        In React, a form input is usually controlled: its value comes from state, and every keystroke updates
        that state.
      </p>
      <p>
        A controlled input has two props: <code>value</code>, which React sets from state, and{' '}
        <code>onChange</code>, which runs on every change and stores the new text. The state is then the single
        source of truth. You can check it, change it (for example to clear the form) or show it elsewhere, and
        the input always agrees.
      </p>
      <p>
        To handle the whole form, put an <code>onSubmit</code> handler on the <code>&lt;form&gt;</code> and call{' '}
        <code>event.preventDefault()</code>, which stops the browser from loading a new page. Then read the
        values from state, not from the DOM.
      </p>

      <h2>Try it</h2>
      <p>
        Fill in the form and submit it: the values you sent appear below it and the form clears. Each input has
        a visible label tied to it with <code>htmlFor</code> and <code>id</code>, so clicking the label focuses
        the input and screen readers announce it.
      </p>
      <EditableDemo name="Enrolment form" sources={[enrolmentFormSource, enrolmentSource]}>
        <EnrolmentForm />
      </EditableDemo>

      <h2>One handler for many fields</h2>
      <p>
        Each input has a <code>name</code> that matches a key in the state object, so a single{' '}
        <code>handleChange</code> can update any field with <code>{'{ ...values, [name]: value }'}</code>. The
        spread copies the other fields; React state must be replaced with a new object, never changed in place.
      </p>
      <Note title="Pitfall: value without onChange">
        <p>
          An input with <code>value</code> but no <code>onChange</code> is read-only: React resets it to the state
          on every keystroke. If you only need a starting value, use <code>defaultValue</code> instead.
        </p>
      </Note>
      <Note title="Pitfall: trusting the browser's checks">
        <p>
          <code>required</code> and <code>type="email"</code> help people fill in a form, but they are not
          security. Anything you send to a server must be checked again on the server.
        </p>
      </Note>

      <h2>Challenges</h2>
      <Challenge
        id="forms/question-box"
        title="Ask a question"
        starter={[questionBoxStarter]}
        hint={
          <p>
            The input has a <code>value</code> but no <code>onChange</code>, so it is read-only: take the setters
            from <code>useState</code> and store <code>event.target.value</code> on every change. In the form's{' '}
            <code>onSubmit</code>, call <code>event.preventDefault()</code> first. Add to the list with a new array,
            never with <code>push</code>, and use <code>trim()</code> to spot a blank question.
          </p>
        }
      >
        <p>
          This form does nothing yet: you cannot even type in the field. Make the input controlled, so that it
          shows what you type. When the form is sent, with the button or with Enter, stay on the page, add the
          question to the end of the list below and empty the field. A question that is blank, or only spaces,
          is not added.
        </p>
      </Challenge>
    </>
  );
}
