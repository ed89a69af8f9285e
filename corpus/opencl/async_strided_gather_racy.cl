//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — col[lid] is read and written before wait_group_events, concurrently with the async strided copy writing col
__kernel void k(__global const float *in, __global float *out)
{
  __local float col[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);

  event_t e = async_work_group_strided_copy(col, in + grp, 64, 16, 0);
  col[lid] = col[lid] * col[lid];
  wait_group_events(1, &e);
  out[grp * 64 + lid] = col[lid];
}
