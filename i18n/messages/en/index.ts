import account from "./account.json";
import admin from "./admin.json";
import audit from "./audit.json";
import auth from "./auth.json";
import autosave from "./autosave.json";
import bedankt from "./bedankt.json";
import common from "./common.json";
import errors from "./errors.json";
import help from "./help.json";
import home from "./home.json";
import mail from "./mail.json";
import news from "./news.json";
import panel from "./panel.json";
import panelMessages from "./panelMessages.json";
import privacy from "./privacy.json";
import richText from "./richText.json";
import studies from "./studies.json";
import survey from "./survey.json";
import surveyEditor from "./surveyEditor.json";
import vision from "./vision.json";

const messages = {
  account,
  admin,
  audit,
  auth,
  autosave,
  bedankt,
  common,
  errors,
  help,
  home,
  mail,
  news,
  panel,
  panelMessages,
  privacy,
  richText,
  studies,
  survey,
  surveyEditor,
  vision,
};
export default messages;
