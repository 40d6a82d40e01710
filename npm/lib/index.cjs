// CommonJS entry: the very module index.js defines (Node 20.19+ requires ES modules).
module.exports = require('./index.js');
