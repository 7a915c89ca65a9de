package dev.harness.core.workload;

/**
 * A JMS message of every type that allocates nothing: each value written is kept (an object) or
 * summed (a number), so that what the harness allocates to write it cannot be optimised away, and
 * nothing else is. For allocation tests of the harness's own work per message. Generated from the
 * JMS 2.0 interfaces.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
final class NullMessage implements javax.jms.BytesMessage, javax.jms.StreamMessage, javax.jms.MapMessage,
        javax.jms.TextMessage, javax.jms.ObjectMessage {
    /** The last object written. */
    Object last;
    /** The numbers written, summed. */
    long sum;

    @Override
    public <T> T getBody(java.lang.Class<T> p0) throws javax.jms.JMSException {
        last = p0;
        return null;
    }

    @Override
    public boolean getBoolean(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return false;
    }

    @Override
    public boolean getBooleanProperty(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return false;
    }

    @Override
    public boolean getJMSRedelivered() throws javax.jms.JMSException {
        return false;
    }

    @Override
    public boolean isBodyAssignableTo(java.lang.Class p0) throws javax.jms.JMSException {
        last = p0;
        return false;
    }

    @Override
    public boolean itemExists(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return false;
    }

    @Override
    public boolean propertyExists(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return false;
    }

    @Override
    public boolean readBoolean() throws javax.jms.JMSException {
        return false;
    }

    @Override
    public byte getByte(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return 0;
    }

    @Override
    public byte getByteProperty(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return 0;
    }

    @Override
    public byte readByte() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public byte[] getBytes(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return null;
    }

    @Override
    public byte[] getJMSCorrelationIDAsBytes() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public char getChar(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return '0';
    }

    @Override
    public char readChar() throws javax.jms.JMSException {
        return '0';
    }

    @Override
    public double getDouble(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return 0;
    }

    @Override
    public double getDoubleProperty(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return 0;
    }

    @Override
    public double readDouble() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public float getFloat(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return 0;
    }

    @Override
    public float getFloatProperty(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return 0;
    }

    @Override
    public float readFloat() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public int getInt(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return 0;
    }

    @Override
    public int getIntProperty(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return 0;
    }

    @Override
    public int getJMSDeliveryMode() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public int getJMSPriority() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public int readBytes(byte[] p0) throws javax.jms.JMSException {
        last = p0;
        return 0;
    }

    @Override
    public int readBytes(byte[] p0, int p1) throws javax.jms.JMSException {
        last = p0;
        sum += p1;
        return 0;
    }

    @Override
    public int readInt() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public int readUnsignedByte() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public int readUnsignedShort() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public java.io.Serializable getObject() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public java.lang.Object getObject(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return null;
    }

    @Override
    public java.lang.Object getObjectProperty(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return null;
    }

    @Override
    public java.lang.Object readObject() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public java.lang.String getJMSCorrelationID() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public java.lang.String getJMSMessageID() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public java.lang.String getJMSType() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public java.lang.String getString(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return null;
    }

    @Override
    public java.lang.String getStringProperty(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return null;
    }

    @Override
    public java.lang.String getText() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public java.lang.String readString() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public java.lang.String readUTF() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public java.util.Enumeration getMapNames() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public java.util.Enumeration getPropertyNames() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public javax.jms.Destination getJMSDestination() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public javax.jms.Destination getJMSReplyTo() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public long getBodyLength() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public long getJMSDeliveryTime() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public long getJMSExpiration() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public long getJMSTimestamp() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public long getLong(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return 0;
    }

    @Override
    public long getLongProperty(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return 0;
    }

    @Override
    public long readLong() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public short getShort(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return 0;
    }

    @Override
    public short getShortProperty(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
        return 0;
    }

    @Override
    public short readShort() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public void acknowledge() throws javax.jms.JMSException {
    }

    @Override
    public void clearBody() throws javax.jms.JMSException {
    }

    @Override
    public void clearProperties() throws javax.jms.JMSException {
    }

    @Override
    public void reset() throws javax.jms.JMSException {
    }

    @Override
    public void setBoolean(java.lang.String p0, boolean p1) throws javax.jms.JMSException {
        last = p0;
        sum += p1 ? 1 : 0;
    }

    @Override
    public void setBooleanProperty(java.lang.String p0, boolean p1) throws javax.jms.JMSException {
        last = p0;
        sum += p1 ? 1 : 0;
    }

    @Override
    public void setByte(java.lang.String p0, byte p1) throws javax.jms.JMSException {
        last = p0;
        sum += p1;
    }

    @Override
    public void setByteProperty(java.lang.String p0, byte p1) throws javax.jms.JMSException {
        last = p0;
        sum += p1;
    }

    @Override
    public void setBytes(java.lang.String p0, byte[] p1) throws javax.jms.JMSException {
        last = p0;
        last = p1;
    }

    @Override
    public void setBytes(java.lang.String p0, byte[] p1, int p2, int p3) throws javax.jms.JMSException {
        last = p0;
        last = p1;
        sum += p2;
        sum += p3;
    }

    @Override
    public void setChar(java.lang.String p0, char p1) throws javax.jms.JMSException {
        last = p0;
        sum += p1;
    }

    @Override
    public void setDouble(java.lang.String p0, double p1) throws javax.jms.JMSException {
        last = p0;
        sum += (long) p1;
    }

    @Override
    public void setDoubleProperty(java.lang.String p0, double p1) throws javax.jms.JMSException {
        last = p0;
        sum += (long) p1;
    }

    @Override
    public void setFloat(java.lang.String p0, float p1) throws javax.jms.JMSException {
        last = p0;
        sum += (long) p1;
    }

    @Override
    public void setFloatProperty(java.lang.String p0, float p1) throws javax.jms.JMSException {
        last = p0;
        sum += (long) p1;
    }

    @Override
    public void setInt(java.lang.String p0, int p1) throws javax.jms.JMSException {
        last = p0;
        sum += p1;
    }

    @Override
    public void setIntProperty(java.lang.String p0, int p1) throws javax.jms.JMSException {
        last = p0;
        sum += p1;
    }

    @Override
    public void setJMSCorrelationID(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
    }

    @Override
    public void setJMSCorrelationIDAsBytes(byte[] p0) throws javax.jms.JMSException {
        last = p0;
    }

    @Override
    public void setJMSDeliveryMode(int p0) throws javax.jms.JMSException {
        sum += p0;
    }

    @Override
    public void setJMSDeliveryTime(long p0) throws javax.jms.JMSException {
        sum += p0;
    }

    @Override
    public void setJMSDestination(javax.jms.Destination p0) throws javax.jms.JMSException {
        last = p0;
    }

    @Override
    public void setJMSExpiration(long p0) throws javax.jms.JMSException {
        sum += p0;
    }

    @Override
    public void setJMSMessageID(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
    }

    @Override
    public void setJMSPriority(int p0) throws javax.jms.JMSException {
        sum += p0;
    }

    @Override
    public void setJMSRedelivered(boolean p0) throws javax.jms.JMSException {
        sum += p0 ? 1 : 0;
    }

    @Override
    public void setJMSReplyTo(javax.jms.Destination p0) throws javax.jms.JMSException {
        last = p0;
    }

    @Override
    public void setJMSTimestamp(long p0) throws javax.jms.JMSException {
        sum += p0;
    }

    @Override
    public void setJMSType(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
    }

    @Override
    public void setLong(java.lang.String p0, long p1) throws javax.jms.JMSException {
        last = p0;
        sum += p1;
    }

    @Override
    public void setLongProperty(java.lang.String p0, long p1) throws javax.jms.JMSException {
        last = p0;
        sum += p1;
    }

    @Override
    public void setObject(java.io.Serializable p0) throws javax.jms.JMSException {
        last = p0;
    }

    @Override
    public void setObject(java.lang.String p0, java.lang.Object p1) throws javax.jms.JMSException {
        last = p0;
        last = p1;
    }

    @Override
    public void setObjectProperty(java.lang.String p0, java.lang.Object p1) throws javax.jms.JMSException {
        last = p0;
        last = p1;
    }

    @Override
    public void setShort(java.lang.String p0, short p1) throws javax.jms.JMSException {
        last = p0;
        sum += p1;
    }

    @Override
    public void setShortProperty(java.lang.String p0, short p1) throws javax.jms.JMSException {
        last = p0;
        sum += p1;
    }

    @Override
    public void setString(java.lang.String p0, java.lang.String p1) throws javax.jms.JMSException {
        last = p0;
        last = p1;
    }

    @Override
    public void setStringProperty(java.lang.String p0, java.lang.String p1) throws javax.jms.JMSException {
        last = p0;
        last = p1;
    }

    @Override
    public void setText(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
    }

    @Override
    public void writeBoolean(boolean p0) throws javax.jms.JMSException {
        sum += p0 ? 1 : 0;
    }

    @Override
    public void writeByte(byte p0) throws javax.jms.JMSException {
        sum += p0;
    }

    @Override
    public void writeBytes(byte[] p0) throws javax.jms.JMSException {
        last = p0;
    }

    @Override
    public void writeBytes(byte[] p0, int p1, int p2) throws javax.jms.JMSException {
        last = p0;
        sum += p1;
        sum += p2;
    }

    @Override
    public void writeChar(char p0) throws javax.jms.JMSException {
        sum += p0;
    }

    @Override
    public void writeDouble(double p0) throws javax.jms.JMSException {
        sum += (long) p0;
    }

    @Override
    public void writeFloat(float p0) throws javax.jms.JMSException {
        sum += (long) p0;
    }

    @Override
    public void writeInt(int p0) throws javax.jms.JMSException {
        sum += p0;
    }

    @Override
    public void writeLong(long p0) throws javax.jms.JMSException {
        sum += p0;
    }

    @Override
    public void writeObject(java.lang.Object p0) throws javax.jms.JMSException {
        last = p0;
    }

    @Override
    public void writeShort(short p0) throws javax.jms.JMSException {
        sum += p0;
    }

    @Override
    public void writeString(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
    }

    @Override
    public void writeUTF(java.lang.String p0) throws javax.jms.JMSException {
        last = p0;
    }
}
