//pass
//--local_size=64 --num_groups=16
// expect: drf — group grp copies 64 cells to out + grp * 64, so the groups' destination ranges are disjoint
__kernel void k(__global const int *in, __global int *out)
{
  __local int buf[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);

  buf[lid] = in[grp * 64 + lid] * grp;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(out + grp * 64, buf, 64, 0);
  wait_group_events(1, &e);
}
