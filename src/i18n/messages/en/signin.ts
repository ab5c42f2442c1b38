/** The staff sign-in page: its heading and the words around the form. */
export const signin = {
  title: 'Login',
  description: "Sign-in for the council's staff.",
  intro: 'For council staff. Citizens do not need an account to read notices or tenders.',
  formInEnglish: 'The sign-in form for staff is in English.',
  openForm: 'Open the staff sign-in form',
  citizensInstead: 'Citizens who lodged a grievance sign in with their mobile number instead:',
  citizenSignIn: "Citizen's Login",
};
