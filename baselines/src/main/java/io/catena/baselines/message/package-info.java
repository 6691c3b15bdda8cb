/**
 * The baselines' messages between regions' coordinators: claims, their replies, releases, commits
 * and their acknowledgements ({@link io.catena.baselines.message.BaselineMessageType}). Their wire
 * schema is {@code baselines.wire.BaselineSchema}, in module {@code baselines-wire}.
 */
package io.catena.baselines.message;
