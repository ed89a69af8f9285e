//pass
//--local_size=64 --num_groups=16
// expect: drf — the loop bound rounds is uniform, so every work-item reaches the scan the same number of times; out[gid] has one writer
// cl-std: CL2.0
__kernel void k(__global const int *in, __global int *out, int rounds)
{
  __requires(rounds >= 1 && rounds <= 8);
  int gid = get_global_id(0);
  int lid = get_local_id(0);
  int v = in[gid];
  for (int r = 0; r < rounds; r++)
    v = work_group_scan_inclusive_add(v);
  out[gid] = v;
}
