package com.ibm.mq;

/** Stand-in for IBM's class of this name: put and get inherited from MQDestination. */
public class MQQueue extends MQDestination {
}
