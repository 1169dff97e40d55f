import logo from './assets/logo.svg';
import model from './assets/model.glb';
import photo from './assets/photo.png';
import './index.css';

export const assets = { logo, model, photo };
