//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — tb: even work-items wait only for the copy into ta (&both[lid & 1]) and then read tb[lid] while the copy into tb may still write it (the group also waits with different events, a divergence)
__kernel void k(__global const int *a, __global const int *b, __global int *out)
{
  __local int ta[64];
  __local int tb[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);

  event_t e1 = async_work_group_copy(ta, a + grp * 64, 64, 0);
  event_t e2 = async_work_group_copy(tb, b + grp * 64, 64, 0);
  event_t both[2] = {e1, e2};
  wait_group_events(1, &both[lid & 1]);
  out[grp * 64 + lid] = ta[lid] - tb[lid];
}
