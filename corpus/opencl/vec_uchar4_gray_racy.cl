//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — gray[gid >> 1] is written by work-items 2k and 2k + 1 with the gray values of two different pixels
__kernel void k(__global const uchar *rgba, __global uchar *gray)
{
  size_t gid = get_global_id(0);
  uchar4 p = vload4(gid, rgba);
  uint4 q = convert_uint4(p);
  gray[gid >> 1] = (uchar)((q.x * 77 + q.y * 150 + q.z * 29) >> 8);
}
