/** Icon names of modules.ts (@paco/domain) → MUI icon components. Only the module shell chunks load this. */
import type SvgIcon from '@mui/material/SvgIcon';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArticleIcon from '@mui/icons-material/Article';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentIcon from '@mui/icons-material/Assignment';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import BadgeIcon from '@mui/icons-material/Badge';
import BalanceIcon from '@mui/icons-material/Balance';
import BrushIcon from '@mui/icons-material/Brush';
import BusinessIcon from '@mui/icons-material/Business';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import ConstructionIcon from '@mui/icons-material/Construction';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import ContactsIcon from '@mui/icons-material/Contacts';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import Diversity3Icon from '@mui/icons-material/Diversity3';
import EventIcon from '@mui/icons-material/Event';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import FlagIcon from '@mui/icons-material/Flag';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import ForumIcon from '@mui/icons-material/Forum';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupsIcon from '@mui/icons-material/Groups';
import HandshakeIcon from '@mui/icons-material/Handshake';
import HistoryIcon from '@mui/icons-material/History';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import RateReviewIcon from '@mui/icons-material/RateReview';
import RuleIcon from '@mui/icons-material/Rule';
import InfoIcon from '@mui/icons-material/Info';
import InventoryIcon from '@mui/icons-material/Inventory';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import KeyIcon from '@mui/icons-material/Key';
import LanguageIcon from '@mui/icons-material/Language';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import LinkIcon from '@mui/icons-material/Link';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import MenuIcon from '@mui/icons-material/Menu';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import MiscellaneousServicesIcon from '@mui/icons-material/MiscellaneousServices';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import MuseumIcon from '@mui/icons-material/Museum';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PaletteIcon from '@mui/icons-material/Palette';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import QuizIcon from '@mui/icons-material/Quiz';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SavingsIcon from '@mui/icons-material/Savings';
import SchoolIcon from '@mui/icons-material/School';
import SettingsIcon from '@mui/icons-material/Settings';
import StarRateIcon from '@mui/icons-material/StarRate';
import StorefrontIcon from '@mui/icons-material/Storefront';
import StraightenIcon from '@mui/icons-material/Straighten';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TableRestaurantIcon from '@mui/icons-material/TableRestaurant';
import TheaterComedyIcon from '@mui/icons-material/TheaterComedy';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import TvIcon from '@mui/icons-material/Tv';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import VisibilityIcon from '@mui/icons-material/Visibility';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import AppsIcon from '@mui/icons-material/Apps';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import SentimentDissatisfiedIcon from '@mui/icons-material/SentimentDissatisfied';

type SvgIconComponent = typeof SvgIcon;

export const ICONS: Record<string, SvgIconComponent> = {
  AccountBalance: AccountBalanceIcon,
  AccountCircle: AccountCircleIcon,
  AccountTree: AccountTreeIcon,
  AdminPanelSettings: AdminPanelSettingsIcon,
  Apartment: ApartmentIcon,
  Article: ArticleIcon,
  Assessment: AssessmentIcon,
  Assignment: AssignmentIcon,
  AttachFile: AttachFileIcon,
  Badge: BadgeIcon,
  Balance: BalanceIcon,
  Brush: BrushIcon,
  Business: BusinessIcon,
  CalendarMonth: CalendarMonthIcon,
  Campaign: CampaignIcon,
  Category: CategoryIcon,
  Construction: ConstructionIcon,
  ContactPhone: ContactPhoneIcon,
  Contacts: ContactsIcon,
  Dashboard: DashboardIcon,
  Description: DescriptionIcon,
  DirectionsCar: DirectionsCarIcon,
  Diversity3: Diversity3Icon,
  Event: EventIcon,
  EventSeat: EventSeatIcon,
  Flag: FlagIcon,
  FormatListNumbered: FormatListNumberedIcon,
  FolderOpen: FolderOpenIcon,
  FolderShared: FolderSharedIcon,
  Forum: ForumIcon,
  Gavel: GavelIcon,
  Groups: GroupsIcon,
  Handshake: HandshakeIcon,
  History: HistoryIcon,
  HistoryEdu: HistoryEduIcon,
  HowToReg: HowToRegIcon,
  HowToVote: HowToVoteIcon,
  RateReview: RateReviewIcon,
  Rule: RuleIcon,
  Info: InfoIcon,
  Inventory: InventoryIcon,
  Inventory2: Inventory2Icon,
  Key: KeyIcon,
  Language: LanguageIcon,
  Lightbulb: LightbulbIcon,
  Link: LinkIcon,
  ListAlt: ListAltIcon,
  LockOpen: LockOpenIcon,
  ManageAccounts: ManageAccountsIcon,
  ManageHistory: ManageHistoryIcon,
  Menu: MenuIcon,
  MenuBook: MenuBookIcon,
  MiscellaneousServices: MiscellaneousServicesIcon,
  MoveToInbox: MoveToInboxIcon,
  Museum: MuseumIcon,
  Newspaper: NewspaperIcon,
  Notifications: NotificationsIcon,
  Palette: PaletteIcon,
  Payments: PaymentsIcon,
  People: PeopleIcon,
  Person: PersonIcon,
  QuestionAnswer: QuestionAnswerIcon,
  Quiz: QuizIcon,
  ReceiptLong: ReceiptLongIcon,
  RecordVoiceOver: RecordVoiceOverIcon,
  RequestQuote: RequestQuoteIcon,
  Savings: SavingsIcon,
  School: SchoolIcon,
  Settings: SettingsIcon,
  StarRate: StarRateIcon,
  Storefront: StorefrontIcon,
  Straighten: StraightenIcon,
  SupervisorAccount: SupervisorAccountIcon,
  SupportAgent: SupportAgentIcon,
  SwapHoriz: SwapHorizIcon,
  TableRestaurant: TableRestaurantIcon,
  TheaterComedy: TheaterComedyIcon,
  ThumbUp: ThumbUpIcon,
  SentimentDissatisfied: SentimentDissatisfiedIcon,
  TravelExplore: TravelExploreIcon,
  Tv: TvIcon,
  ViewCarousel: ViewCarouselIcon,
  Visibility: VisibilityIcon,
  WaterDrop: WaterDropIcon,
  Workspaces: WorkspacesIcon,
};

export function ModuleIcon({ name, fontSize }: { name: string; fontSize?: 'small' | 'medium' | 'large' | 'inherit' }) {
  const C = ICONS[name] ?? AppsIcon;
  return <C fontSize={fontSize} aria-hidden />;
}
