//pass
//--local_size=64 --num_groups=16
// expect: drf — the second copy is chained onto event e, so waiting for e completes both copies before ta and tb are read
__kernel void k(__global const float *a, __global const float *b, __global float *out)
{
  __local float ta[64];
  __local float tb[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);

  event_t e = async_work_group_copy(ta, a + grp * 64, 64, 0);
  e = async_work_group_copy(tb, b + grp * 64, 64, e);
  wait_group_events(1, &e);
  out[grp * 64 + lid] = ta[lid] + tb[lid];
}
